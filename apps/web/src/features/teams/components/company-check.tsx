import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { notifyError } from '../../../lib/notify';
import { logout, switchTeam } from '../session-state';

// The dialog (Mantine's Modal) loads only for a user without a company (issue 21 item 6).
const CompanyCheckDialog = lazy(async () => ({ default: (await import('./company-check-dialog')).CompanyCheckDialog }));

/**
 * Spec §4's company check when the back office loads: without a current company, switch to the
 * user's first company; with none at all, a dialog requires creating one (except on the page
 * that creates it).
 */
export function CompanyCheck() {
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

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CompanyCheckDialog onLogout={() => void onLogout()} />
    </Suspense>
  );
}
