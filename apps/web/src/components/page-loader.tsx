import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route chunk or its data loads; announced politely to screen readers. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader size="md" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
