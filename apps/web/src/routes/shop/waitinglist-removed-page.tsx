import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/{lang}/waitinglist/remove/success`: the end of the link in a waiting-list mail. */
export function WaitinglistRemovedPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('waitinglistRemoved.title'));
  return (
    <Stack gap="md" maw={640} mx="auto" ta="center">
      <Title order={1}>{t('waitinglistRemoved.title')}</Title>
      <Text size="lg">{t('waitinglistRemoved.text')}</Text>
    </Stack>
  );
}
