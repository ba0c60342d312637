import type { Team } from '@bookla/shared/teams';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { switchTeam } from '../session-state';
import { initials } from './initials';
import classes from './team-menu.module.css';

const TeamMenuPopup = lazy(async () => ({ default: (await import('./team-menu-popup')).TeamMenuPopup }));

export function TeamAvatar({ team, size }: { team: Pick<Team, 'name' | 'logo_url'> | null | undefined; size: number }) {
  return (
    // Decorative: the company's name is always beside it (or in the button's name).
    <Avatar src={team?.logo_url} alt="" size={size} radius="sm" color="brand" aria-hidden="true">
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
 * Until it is first opened only its button is here; the menu itself (team-menu-popup.tsx, with
 * Mantine's popup code) loads with the first click and opens then (issue 21 item 6).
 */
export function TeamMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('backend');
  const { team, user } = useAppState();
  const [wanted, setWanted] = useState(false);
  const userName = [user?.firstname, user?.lastname].filter((s) => typeof s === 'string' && s).join(' ');
  const teamName = team?.name ?? t('teamMenu.noCompany');

  const target = (busy: boolean, onClick?: () => void) =>
    compact ? (
      <UnstyledButton
        aria-label={`${[teamName, userName].filter(Boolean).join(' ')}, ${t('teamMenu.label')}`}
        aria-haspopup="menu"
        className={classes.compact}
        disabled={busy}
        onClick={onClick}
      >
        <TeamAvatar team={team} size={32} />
      </UnstyledButton>
    ) : (
      // Named by what it shows, then what it is (WCAG 2.5.3): "Yoga Loft Olivia Muster, Company and account menu".
      <UnstyledButton className={classes.target} aria-haspopup="menu" disabled={busy} onClick={onClick}>
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
          <VisuallyHidden>, {t('teamMenu.label')}</VisuallyHidden>
        </Group>
      </UnstyledButton>
    );

  const closed = target(false, () => setWanted(true));
  if (!wanted) return closed;
  return (
    <Suspense fallback={closed}>
      <TeamMenuPopup compact={compact} teamName={teamName} target={(busy) => target(busy)} />
    </Suspense>
  );
}
