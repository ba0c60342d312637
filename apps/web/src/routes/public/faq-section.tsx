import type { faqReplySchema } from '@bookla/shared/reference';
import { pickText, type Translated } from '@bookla/shared/i18n';
import { Accordion, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { api } from '../../lib/api-client';
import { useLang } from '../../lib/language';

const text = (value: Translated, lang: string) => pickText(value, lang);

/** FAQ from the server (all languages in one reply, so switching language needs no refetch). */
export function FaqSection() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const faq = useQuery({
    queryKey: ['faq'],
    queryFn: ({ signal }) => api.get<typeof faqReplySchema>('/api/faq', { signal }),
  });

  // Spec §8: failed calls other than forms are only logged; the landing page stays usable.
  useEffect(() => {
    if (faq.error) console.error('Could not load the FAQ', faq.error);
  }, [faq.error]);

  if (faq.isError || (faq.data && faq.data.length === 0)) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby="faq-heading">
      <Title id="faq-heading" order={2}>
        {t('landing.faq.heading')}
      </Title>
      {faq.isPending ? (
        <PageLoader />
      ) : (
        <Accordion variant="separated" order={3}>
          {faq.data.map((item, index) => (
            <Accordion.Item key={index} value={String(index)}>
              <Accordion.Control>{text(item.question, lang)}</Accordion.Control>
              <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{text(item.answer, lang)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
