import type { CustomerMe } from '@bookla/shared/customer-accounts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { useShop } from '../shop-context';
import { Field } from '../ui/field';
import type { AccountApi } from './account-api';
import './texts';

type Errors = Record<string, string>;

/** Set a password (after a log-in link) or change it (with the current one). Other sessions end. */
export function PasswordForm({ api, me, onSaved }: { api: AccountApi; me: CustomerMe; onSaved(message: string): void }) {
  const { t } = useShop();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found: Errors = {};
    if (me.has_password && !current) found.current_password = t('account.form.passwordRequired');
    if ([...password].length < 8) found.password = t('account.form.passwordShort');
    if (confirmation !== password) found.password_confirmation = t('account.password.mismatch');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const reply = await api.setPassword({
        ...(me.has_password ? { current_password: current } : {}),
        password,
        password_confirmation: confirmation,
      });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      onSaved(reply.message);
    } catch (err) {
      if (err instanceof ApiError) {
        const server: Errors = {};
        for (const [path, list] of Object.entries(err.body.errors ?? {})) if (list[0]) server[path] = list[0];
        setErrors(server);
        setFailure(Object.keys(server).length ? null : err.message);
      } else setFailure(t('common.offline'));
    } finally {
      setSending(false);
    }
  };

  const input = (path: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <Field path={`password-form.${path}`} label={label} error={errors[path]} required>
      {(p) => <input {...p} type="password" autoComplete={autoComplete} value={value} onChange={(e) => set(e.target.value)} />}
    </Field>
  );
  return (
    <details className="panel">
      <summary>{me.has_password ? t('account.password.change') : t('account.password.set')}</summary>
      <form noValidate onSubmit={submit}>
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
        {me.has_password && input('current_password', t('account.password.current'), current, setCurrent, 'current-password')}
        {input('password', t('account.password.new'), password, setPassword, 'new-password')}
        {input('password_confirmation', t('account.password.confirm'), confirmation, setConfirmation, 'new-password')}
        <p className="muted small">{t('account.password.othersEnd')}</p>
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('common.sending') : t('account.password.save')}
        </button>
      </form>
    </details>
  );
}
