import type { CustomerMe } from '@bookla/shared/customer-accounts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { useShop } from '../shop-context';
import { Field } from '../ui/field';
import { Notice } from '../ui/states';
import type { AccountApi } from './account-api';
import './texts';

export type SignInMode = 'login' | 'register' | 'link' | 'forgot';

type Errors = Record<string, string>;
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/** The server's field errors (first message each) and its message. */
function fromApi(err: unknown, fallback: string): { errors: Errors; message: string } {
  if (!(err instanceof ApiError)) return { errors: {}, message: fallback };
  const errors: Errors = {};
  for (const [path, list] of Object.entries(err.body.errors ?? {})) if (list[0]) errors[path] = list[0];
  return { errors, message: err.message || fallback };
}

/**
 * Log-in (password, or "e-mail me a link"), registration and "forgot password" in one panel.
 * Mails are answered alike for unknown addresses, so the confirmations say "if there is an account".
 */
export function SignIn({
  api,
  initialMode = 'login',
  onLoggedIn,
}: {
  api: AccountApi;
  initialMode?: SignInMode;
  onLoggedIn(me: CustomerMe, message: string): void;
}) {
  const { t } = useShop();
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (focusTick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  }, [focusTick]);

  const switchTo = (next: SignInMode) => {
    setMode(next);
    setErrors({});
    setFailure(null);
    setSent(null);
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!email.trim()) found.email = t('account.form.emailRequired');
    else if (!looksLikeEmail(email)) found.email = t('account.form.emailInvalid');
    if (mode === 'login' && !password) found.password = t('account.form.passwordRequired');
    if (mode === 'register' && [...password].length < 8) found.password = t('account.form.passwordShort');
    return found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    setSent(null);
    if (Object.keys(found).length) {
      setFocusTick((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      if (mode === 'login') {
        const reply = await api.login(email.trim(), password);
        onLoggedIn(reply.customer, reply.message);
        return;
      }
      const reply =
        mode === 'register'
          ? await api.register({ email: email.trim(), password })
          : mode === 'link'
            ? await api.magicLink(email.trim())
            : await api.forgot(email.trim());
      setSent(reply.message);
      setPassword('');
    } catch (err) {
      const { errors: server, message } = fromApi(err, t('common.failed'));
      setErrors(server);
      setFailure(message);
      setFocusTick((n) => n + 1);
    } finally {
      setSending(false);
    }
  };

  const title = {
    login: t('account.login.title'),
    register: t('account.register.title'),
    link: t('account.magic.title'),
    forgot: t('account.forgot.title'),
  }[mode];
  const action = {
    login: t('account.login.submit'),
    register: t('account.register.submit'),
    link: t('account.magic.submit'),
    forgot: t('account.forgot.submit'),
  }[mode];

  return (
    <section aria-labelledby="sign-in-heading" className="panel">
      <div className="segmented" role="group" aria-label={t('account.choose')}>
        <button type="button" aria-pressed={mode !== 'register'} onClick={() => switchTo('login')}>
          {t('account.login.tab')}
        </button>
        <button type="button" aria-pressed={mode === 'register'} onClick={() => switchTo('register')}>
          {t('account.register.tab')}
        </button>
      </div>
      <h2 id="sign-in-heading">{title}</h2>
      {mode === 'register' && <p className="muted">{t('account.register.intro')}</p>}
      {mode === 'link' && <p className="muted">{t('account.magic.intro')}</p>}
      {mode === 'forgot' && <p className="muted">{t('account.forgot.intro')}</p>}
      {sent && (
        <div role="status">
          <Notice tone="success" title={t('account.form.sentTitle')}>
            <p>{sent}</p>
          </Notice>
        </div>
      )}
      <form ref={form} noValidate onSubmit={submit} aria-labelledby="sign-in-heading">
        {failure && (
          <p className="error" role="alert" tabIndex={-1}>
            {failure}
          </p>
        )}
        <Field path="account.email" label={t('account.form.email')} error={errors.email} required>
          {(p) => <input {...p} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        {(mode === 'login' || mode === 'register') && (
          <Field
            path="account.password"
            label={t('account.form.password')}
            error={errors.password}
            help={mode === 'register' ? t('account.form.passwordHelp') : undefined}
            required
          >
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
        )}
        <button type="submit" className="button button-block" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('common.sending') : action}
        </button>
      </form>
      {mode === 'login' && (
        <p className="actions">
          <button type="button" className="button button-link" onClick={() => switchTo('link')}>
            {t('account.magic.instead')}
          </button>
          <button type="button" className="button button-link" onClick={() => switchTo('forgot')}>
            {t('account.forgot.instead')}
          </button>
        </p>
      )}
      {(mode === 'link' || mode === 'forgot') && (
        <p>
          <button type="button" className="button button-link" onClick={() => switchTo('login')}>
            {t('account.login.back')}
          </button>
        </p>
      )}
    </section>
  );
}
