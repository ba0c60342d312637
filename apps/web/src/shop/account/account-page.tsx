import type { CustomerMe } from '@bookla/shared/customer-accounts';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../api';
import { Link, navigate } from '../router';
import { useTeamShop } from '../shop-context';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { accountApi, type AccountApi } from './account-api';
import { Bookings } from './bookings';
import { Memberships } from './memberships';
import { PasswordForm } from './password-form';
import { SignIn } from './sign-in';
import './texts';

/** A message for the account page after a navigation (the link landing's "you are logged in"). */
let flash: string | null = null;

/** `/{lang}/shop/{team}/account`: log-in or registration, then "my bookings", the password and logout. */
export function AccountPage() {
  const { t, team, lang } = useTeamShop();
  useTitle(t('account.title'), team.name);
  const api = useMemo(() => accountApi(team.id, lang), [team.id, lang]);
  const loaded = useFetch(`customer-me:${team.id}`, (signal) => api.me(signal), { cache: false });
  // After a log-in or logout on this page: what it answered (undefined: as loaded).
  const [changed, setChanged] = useState<CustomerMe | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(() => flash);
  useEffect(() => {
    flash = null;
  }, []);
  const me = changed !== undefined ? changed : loaded.data;

  let body;
  if (me === undefined) body = loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : <Loading lines={4} />;
  else if (me === null)
    body = (
      <SignIn
        api={api}
        onLoggedIn={(customer, message) => {
          setChanged(customer);
          setNotice(message);
        }}
      />
    );
  else body = <Account api={api} me={me} onChange={setChanged} onNotice={setNotice} />;

  return (
    <section className="account">
      <h1>{t('account.title')}</h1>
      {notice && (
        <div role="status">
          <Notice tone="success" title={notice} />
        </div>
      )}
      {body}
    </section>
  );
}

function Account({
  api,
  me,
  onChange,
  onNotice,
}: {
  api: AccountApi;
  me: CustomerMe;
  onChange(me: CustomerMe | null): void;
  onNotice(message: string | null): void;
}) {
  const { t } = useTeamShop();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = `${me.firstname} ${me.lastname}`.trim();

  const logout = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.logout();
      onNotice(t('account.loggedOut'));
      onChange(null);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : t('common.offline'));
      setBusy(false);
    }
  };
  const resend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onNotice((await api.resendVerification()).message);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : t('common.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="panel">
        <p>{name ? t('account.signedInAsName', { name, email: me.email }) : t('account.signedInAs', { email: me.email })}</p>
        <button type="button" className="button button-secondary" onClick={() => void logout()} disabled={busy}>
          {t('account.logout')}
        </button>
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
      </div>
      <Memberships api={api} verified={me.email_verified} />
      {me.email_verified ? (
        <Bookings api={api} />
      ) : (
        <Notice tone="warning" title={t('account.unverified.title')}>
          <p>{t('account.unverified.text', { email: me.email })}</p>
          <button type="button" className="button button-secondary" onClick={() => void resend()} disabled={busy}>
            {t('account.unverified.resend')}
          </button>
        </Notice>
      )}
      <PasswordForm
        api={api}
        me={me}
        onSaved={(message) => {
          onChange({ ...me, has_password: true });
          onNotice(message);
        }}
      />
    </>
  );
}

/**
 * `/{lang}/shop/{team}/account/link?token=…`: opens a mailed link (log-in or confirmation). Opening
 * the page changes nothing (mail scanners and link previews open links, and the token is single
 * use): the customer's button sends the token (decision 009).
 */
export function AccountLinkPage({ token }: { token: string }) {
  const { t, team, lang, base } = useTeamShop();
  useTitle(t('account.landing.title'), team.name);
  const api = useMemo(() => accountApi(team.id, lang), [team.id, lang]);
  const [error, setError] = useState<string | null>(token ? null : t('account.landing.invalid'));
  const [busy, setBusy] = useState(false);

  const land = async () => {
    setBusy(true);
    try {
      const reply = await api.land(token);
      flash = reply.message;
      // The token leaves the address bar and the history.
      navigate(`${base}/account`, { replace: true });
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t('common.offline'));
    }
  };

  if (!error)
    return (
      <section className="account">
        <h1>{t('account.landing.title')}</h1>
        <p>{t('account.landing.text')}</p>
        <div className="actions">
          <button type="button" className="button" onClick={land} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('common.sending') : t('account.landing.open')}
          </button>
        </div>
      </section>
    );
  return (
    <section className="account">
      <h1>{t('account.landing.title')}</h1>
      <Notice tone="error" title={t('account.landing.failed')}>
        <p>{error}</p>
      </Notice>
      <SignIn
        api={api}
        initialMode="link"
        onLoggedIn={(_me, message) => {
          flash = message;
          navigate(`${base}/account`, { replace: true });
        }}
      />
      <p>
        <Link to={`${base}/account`}>{t('account.landing.toAccount')}</Link>
      </p>
    </section>
  );
}
