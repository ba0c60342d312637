import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  loadSessionState,
  ForgotForm,
  LoginForm,
  isNotice,
  NoticeAlert,
  type LoginNavigationState,
  type Notice,
  TwoFactorForm,
  VerificationResend,
} from '../../features/auth';
import { safeRedirectPath } from '../../app/route-guards';
import { useLang } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';

/** The spec's statuses, and where the verification link leads (issue 9). */
const STATUSES = ['registration_success', 'expired', 'logout', 'verified', 'verification_expired', 'verification_invalid'] as const;
type LoginStatus = (typeof STATUSES)[number];
const isStatus = (value: unknown): value is LoginStatus => STATUSES.includes(value as LoginStatus);
const STATUS_COLORS: Record<LoginStatus, Notice['color']> = {
  registration_success: 'green',
  expired: 'yellow',
  logout: 'green',
  verified: 'green',
  verification_expired: 'yellow',
  verification_invalid: 'red',
};

/** The user an expired verification link named (`?user=<id>`), for its resend action. */
function resendUser(status: string | undefined, search: string): number | undefined {
  const id = new URLSearchParams(search).get('user');
  return status === 'verification_expired' && id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
}

type Mode = 'login' | 'forgot' | 'twoFactor';

/** `/{lang}/login/{status?}`: log in, forgot-password mode, second factor (spec §2, §4). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const { status } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setModeState] = useState<Mode>('login');
  const [switched, setSwitched] = useState(false);
  const setMode = (next: Mode) => {
    setModeState(next);
    setSwitched(true);
  };
  const [email, setEmail] = useState('');
  // A notice of this page (reset link sent) replaces the one the address or another page brought.
  const [ownNotice, setOwnNotice] = useState<Notice | null | undefined>(undefined);

  // The history entry's notice is the browser's alone: shown once the page is live (useHydrated).
  const hydrated = useHydrated();
  const carried = hydrated ? (location.state as LoginNavigationState | null)?.notice : undefined;
  const routeNotice: Notice | null = isNotice(carried)
    ? carried
    : isStatus(status)
      ? { color: STATUS_COLORS[status], title: t(`login.status.${status}.title`), text: t(`login.status.${status}.text`) }
      : null;
  const notice = ownNotice === undefined ? routeNotice : ownNotice;
  const resendFor = ownNotice === undefined && !isNotice(carried) ? resendUser(status, location.search) : undefined;

  const title = mode === 'forgot' ? t('forgot.title') : mode === 'twoFactor' ? t('twoFactor.title') : t('login.title');
  useDocumentTitle(title);

  const loggedIn = async () => {
    await loadSessionState();
    // Nothing cached before the login (of another user, say) is shown in the back office.
    queryClient.clear();
    // Back to the page that sent the user here (`?redirect=`, e.g. a ticket's check-in link), else the back office.
    const back = safeRedirectPath(new URLSearchParams(location.search).get('redirect'));
    await navigate(back ?? `/${lang}/backend`, { replace: true });
  };

  return (
    <Stack maw={440} mx="auto" gap="md">
      <Title order={1}>{title}</Title>
      {notice && (
        <NoticeAlert notice={notice}>
          {resendFor && <VerificationResend userId={resendFor} onSent={(text) => setOwnNotice({ color: 'green', text })} />}
        </NoticeAlert>
      )}
      <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
        {mode === 'login' && (
          <LoginForm
            defaultEmail={email}
            onLoggedIn={loggedIn}
            onTwoFactor={() => {
              setOwnNotice(null);
              setMode('twoFactor');
            }}
            onForgot={(value) => {
              setEmail(value);
              setOwnNotice(null);
              setMode('forgot');
            }}
            onNotice={setOwnNotice}
            autoFocus={switched}
          />
        )}
        {mode === 'forgot' && (
          <ForgotForm
            defaultEmail={email}
            onSent={(value) => {
              setEmail(value);
              setOwnNotice({ color: 'green', title: t('forgot.sentTitle'), text: t('forgot.sent') });
              setMode('login');
            }}
            onBack={(value) => {
              setEmail(value);
              setMode('login');
            }}
            autoFocus={switched}
          />
        )}
        {mode === 'twoFactor' && <TwoFactorForm onLoggedIn={loggedIn} onCancel={() => setMode('login')} />}
      </Paper>
      <Text>
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={`/${lang}/register`}>
          {t('login.register')}
        </Anchor>
      </Text>
      <Anchor component={Link} to={`/${lang}/provider`}>
        {t('home')}
      </Anchor>
    </Stack>
  );
}
