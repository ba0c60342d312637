import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../lib/language';

/** CompanyCheck's dialog (company-check.tsx): the user has no company and must create one. */
export function CompanyCheckDialog({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('backend');
  const lang = useLang();
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('companyCheck.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{t('companyCheck.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="subtle" onClick={onLogout}>
          {t('teamMenu.logout')}
        </Button>
        <Button component={Link} to={`/${lang}/backend/config/team/create`} data-autofocus>
          {t('companyCheck.create')}
        </Button>
      </Group>
    </Modal>
  );
}
