import { resetSchema, type ResetInput } from '@bookla/shared/auth';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/forms';
import { requestPasswordReset, submitPasswordReset, type ResetAudience } from '../api/auth-api';
import { PasswordFields } from './password-fields';
import { NoticeAlert, type Notice } from './notice';
import { useZodForm } from '../../../lib/use-zod-form';

export interface ResetPasswordFormProps {
  audience: ResetAudience;
  token: string;
  email: string;
  /** The server's success message. */
  onDone: (message: string) => void;
}

type Problem = { message: string; canResend: boolean } | { notice: Notice };

/**
 * Staff and customer password reset (spec §5): new password and its confirmation. A bad or
 * expired link shows the server's message; staff may ask for a new link right there (customers
 * ask in the shop, which knows their provider).
 */
export function ResetPasswordForm({ audience, token, email, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resending, setResending] = useState(false);
  const form = useZodForm(resetSchema, {
    defaultValues: { token, email, password: '', password_confirmation: '' },
    mode: 'onTouched',
  });
  const busy = form.formState.isSubmitting;

  const submit = async (values: ResetInput) => {
    setProblem(null);
    try {
      const reply = await submitPasswordReset(audience, values);
      onDone(reply.message);
    } catch (err) {
      if (applyApiError(err, form.setError, { fields: ['password', 'password_confirmation'] })) return;
      if (isApiError(err, 422)) setProblem({ message: err.message, canResend: audience === 'staff' });
      else setProblem({ message: (isApiError(err) && err.status < 500 && err.message) || t('technicalError'), canResend: false });
    }
  };

  const sendNewLink = async () => {
    setResending(true);
    try {
      await requestPasswordReset(email);
      setProblem({ notice: { color: 'green', text: t('reset.newLinkSent') } });
    } catch (err) {
      setProblem({ message: (isApiError(err) && err.status < 500 && err.message) || t('technicalError'), canResend: false });
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Stack gap="sm">
        <Text>{t('reset.intro', { email })}</Text>
        {problem && 'notice' in problem && <NoticeAlert notice={problem.notice} />}
        {problem && 'message' in problem && (
          <Alert color="red" title={t('reset.failed')}>
            {problem.message}{' '}
            {problem.canResend && (
              <Anchor component="button" type="button" inherit fw={600} onClick={() => void sendNewLink()} disabled={resending}>
                {resending ? t('sending') : t('reset.newLink')}
              </Anchor>
            )}
          </Alert>
        )}
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordFields control={form.control} password="password" confirm="password_confirmation" isReset />
        <Button type="submit" disabled={busy}>
          {busy ? t('sending') : t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
