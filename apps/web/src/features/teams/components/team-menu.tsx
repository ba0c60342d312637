import type { Team } from '@bookla/shared/teams';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { notifyError } from '../../../lib/notify';
import { logout, switchTeam } from '../session-state';
import { initials } from './logo-field';
import classes from './team-menu.module.css';

function TeamAvatar({ team, size }: { team: Pick<Team, 'name' | 'logo_url'> | null | undefined; size: number }) {
  return (
    <Avatar src={team?.logo_url} alt="" size={size} radius="sm" color="brand">
      {team ? initials(team.name) : '?'}
    </Avatar>
  );
}

/** Switch to another company, then reload the app state and go to its dashboard. */
export function useSwitchTeam() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lang = useLang();
  return async (teamId: number) => {
    await switchTeam(teamId, queryClient);
    await navigate(`/${lang}/backend`);
  };
}

/**
 * The user's menu (spec §2): current company with its logo, the other companies to switch to,
 * create company, view profile and log out. `compact` is the avatar-only button of the top bar.
 */
export function TeamMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { team, teams, user } = useAppState();
  const switchTo = useSwitchTeam();
  const [busy, setBusy] = useState(false);
  const others = (teams ?? []).filter((other) => other.id !== team?.id);
  const userName = [user?.firstname, user?.lastname].filter((s) => typeof s === 'string' && s).join(' ');
  const teamName = team?.name ?? t('teamMenu.noCompany');

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
    <Menu position={compact ? 'bottom-end' : 'top-start'} width={compact ? 260 : 'target'} withinPortal shadow="md">
      <Menu.Target>
        {compact ? (
          <UnstyledButton aria-label={`${t('teamMenu.label')}: ${teamName}`} className={classes.compact} disabled={busy}>
            <TeamAvatar team={team} size={32} />
          </UnstyledButton>
        ) : (
          <UnstyledButton className={classes.target} aria-label={`${t('teamMenu.label')}: ${teamName}`} disabled={busy}>
            <Group gap="sm" wrap="nowrap">
              <TeamAvatar team={team} size={36} />
              <div className={classes.names}>
                <Text size="sm" fw={600} truncate="end">
                  {teamName}
                </Text>
                {userName && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {userName}
                  </Text>
                )}
              </div>
              <span aria-hidden="true" className={classes.chevron}>
                ▾
              </span>
            </Group>
          </UnstyledButton>
        )}
      </Menu.Target>
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
