import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { notifyError } from '../../../lib/notify';
import { logout, switchTeam } from '../session-state';

/**
 * Spec §4's company check when the back office loads: without a current company, switch to the
 * user's first company; with none at all, a dialog requires creating one (except on the page
 * that creates it).
 */
export function CompanyCheck() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const queryClient = useQueryClient();
  const { authenticated, team, teams } = useAppState();
  const onCreatePage = useMatch('/:lang/backend/config/team/create') !== null;
  const [switchFailed, setSwitchFailed] = useState(false);
  const switching = useRef(false);
  const navigate = useNavigate();

  // `team === undefined` means the state does not say; only an explicit null is "no company".
  const noCompany = authenticated && team === null;
  const first = noCompany && !switchFailed ? teams?.[0] : undefined;

  useEffect(() => {
    if (!first || switching.current) return;
    switching.current = true;
    switchTeam(first.id, queryClient)
      .catch((error: unknown) => {
        console.error('Could not switch to the first company', error);
        setSwitchFailed(true);
      })
      .finally(() => {
        switching.current = false;
      });
  }, [first, queryClient]);

  const opened = noCompany && !first && !onCreatePage;

  const onLogout = async () => {
    try {
      await logout(queryClient, () => Promise.resolve(navigate(`/${lang}/login/logout`, { replace: true })));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal
      opened={opened}
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
        <Button variant="subtle" onClick={() => void onLogout()}>
          {t('teamMenu.logout')}
        </Button>
        <Button component={Link} to={`/${lang}/backend/config/team/create`} data-autofocus>
          {t('companyCheck.create')}
        </Button>
      </Group>
    </Modal>
  );
}
