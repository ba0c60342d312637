import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/{lang}/error/404`, where every unknown address ends up. */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  const lang = useLang();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={`/${lang}/provider`}>
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
