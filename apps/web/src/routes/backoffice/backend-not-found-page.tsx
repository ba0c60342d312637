import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/{lang}/backend/*` without a screen: a 404 that keeps the sidebar, so the user is not lost. */
export function BackendNotFoundPage() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack gap="md">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={`/${lang}/backend`}>
        {t('notFound.dashboard')}
      </Anchor>
    </Stack>
  );
}
