import { loginSchema, type LoginInput } from '@bookla/shared/auth';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/forms';
import { login, resendVerification, verificationNeeded } from '../api/auth-api';
import { FormPasswordInput, FormTextInput } from '../../../components/form/text-fields';
import { NoticeAlert, type Notice } from './notice';
import { useZodForm } from '../../../lib/use-zod-form';

export interface LoginFormProps {
  defaultEmail: string;
  /** Credentials accepted: the session exists. */
  onLoggedIn: () => Promise<void>;
  /** Credentials accepted, a second factor is needed. */
  onTwoFactor: () => void;
  onForgot: (email: string) => void;
  onNotice: (notice: Notice | null) => void;
  /** Focus the address field (coming back from another mode). */
  autoFocus?: boolean;
}

interface Verification {
  userId: number;
  message: string;
  sent?: string;
  error?: string;
}

/** Spec §4: e-mail and password; server refusals in an alert; unverified accounts can resend. */
export function LoginForm({ defaultEmail, onLoggedIn, onTwoFactor, onForgot, onNotice, autoFocus }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const form = useZodForm(loginSchema, {
    defaultValues: { email: defaultEmail, password: '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({ mutationFn: login });
  const resend = useMutation({ mutationFn: resendVerification });
  // Until the session state is loaded too, not only the login call.
  const busy = form.formState.isSubmitting;
  useEffect(() => {
    if (autoFocus) form.setFocus('email');
  }, [autoFocus, form]);

  const submit = async (values: LoginInput) => {
    setError(null);
    setVerification(null);
    try {
      const reply = await mutation.mutateAsync(values);
      if (reply.two_factor) onTwoFactor();
      else if (reply.success) await onLoggedIn();
      else setError(reply.message);
    } catch (err) {
      const needed = verificationNeeded(err);
      if (needed) {
        onNotice(null);
        setVerification(needed);
        return;
      }
      if (applyApiError(err, form.setError)) return;
      setError((isApiError(err) && err.status < 500 && err.message) || t('technicalError'));
    }
  };

  const sendAgain = async () => {
    if (!verification) return;
    try {
      const reply = await resend.mutateAsync(verification.userId);
      setVerification({ ...verification, sent: reply.message || t('verification.sent'), error: undefined });
    } catch (err) {
      setVerification({ ...verification, error: (isApiError(err) && err.status < 500 && err.message) || t('technicalError') });
    }
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        {verification &&
          (verification.sent ? (
            <NoticeAlert notice={{ color: 'green', text: verification.sent }} />
          ) : (
            <Alert color="yellow">
              {t('verification.prompt')}{' '}
              <Anchor component="button" type="button" onClick={() => void sendAgain()} disabled={resend.isPending} inherit fw={600}>
                {resend.isPending ? t('sending') : t('verification.resend')}
              </Anchor>
              {verification.error && <div>{verification.error}</div>}
            </Alert>
          ))}
        <FormTextInput control={form.control} name="email" type="email" label={t('fields.email')} autoComplete="username" required />
        <FormPasswordInput control={form.control} name="password" label={t('fields.password')} autoComplete="current-password" required />
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onForgot(form.getValues('email'))}>
          {t('login.forgotLink')}
        </Anchor>
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? t('sending') : t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
