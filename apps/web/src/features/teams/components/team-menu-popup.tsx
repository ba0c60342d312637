import { Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { notifyError } from '../../../lib/notify';
import { logout } from '../session-state';
import { TeamAvatar, useSwitchTeam } from './team-menu';

/**
 * The open menu of TeamMenu (team-menu.tsx): a chunk of its own, loaded when the menu is first
 * opened, so that the back office's first screen does not carry Mantine's popup code (issue 21 item 6).
 */
export function TeamMenuPopup({
  compact,
  target,
  teamName,
}: {
  compact: boolean;
  /** The button that opens the menu, disabled while a switch or logout is under way. */
  target: (busy: boolean) => ReactElement;
  teamName: string;
}) {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { team, teams } = useAppState();
  const switchTo = useSwitchTeam();
  const [busy, setBusy] = useState(false);
  const others = (teams ?? []).filter((other) => other.id !== team?.id);

  const onSwitch = async (id: number) => {
    setBusy(true);
    try {
      await switchTo(id);
    } catch (error) {
      console.error(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout(queryClient, () => Promise.resolve(navigate(`/${lang}/login/logout`, { replace: true })));
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  };

  return (
    <Menu defaultOpened position={compact ? 'bottom-end' : 'top-start'} width={compact ? 260 : 'target'} withinPortal shadow="md">
      <Menu.Target>{target(busy)}</Menu.Target>
      <Menu.Dropdown>
        {compact && <Menu.Label>{teamName}</Menu.Label>}
        {others.length > 0 && (
          <>
            <Menu.Label>{t('teamMenu.switchTo')}</Menu.Label>
            {others.map((other) => (
              <Menu.Item key={other.id} leftSection={<TeamAvatar team={other} size={22} />} onClick={() => void onSwitch(other.id)}>
                {other.name}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Item component={Link} to={`/${lang}/backend/config/team/create`}>
          {t('teamMenu.createCompany')}
        </Menu.Item>
        <Menu.Item component={Link} to={`/${lang}/backend/profile`}>
          {t('teamMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void onLogout()}>{t('teamMenu.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
