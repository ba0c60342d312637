import { forgotSchema, type ForgotInput } from '@bookla/shared/auth';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/forms';
import { requestPasswordReset } from '../api/auth-api';
import { FormTextInput } from '../../../components/form/text-fields';
import { useZodForm } from '../../../lib/use-zod-form';

export interface ForgotFormProps {
  defaultEmail: string;
  onSent: (email: string) => void;
  onBack: (email: string) => void;
  /** Focus the address field (the user switched to this mode; the link they clicked is gone). */
  autoFocus?: boolean;
}

/** Forgot-password mode of the login screen: the address only; the reply is the same for any. */
export function ForgotForm({ defaultEmail, onSent, onBack, autoFocus }: ForgotFormProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(forgotSchema, { defaultValues: { email: defaultEmail }, mode: 'onTouched' });
  const busy = form.formState.isSubmitting;
  useEffect(() => {
    if (autoFocus) form.setFocus('email');
  }, [autoFocus, form]);

  const submit = async ({ email }: ForgotInput) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      onSent(email);
    } catch (err) {
      if (applyApiError(err, form.setError)) return;
      setError((isApiError(err) && err.status < 500 && err.message) || t('technicalError'));
    }
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Stack gap="sm">
        <Text>{t('forgot.intro')}</Text>
        {error && <Alert color="red">{error}</Alert>}
        <FormTextInput control={form.control} name="email" type="email" label={t('fields.email')} autoComplete="email" required />
        <Group justify="space-between">
          <Button variant="default" onClick={() => onBack(form.getValues('email'))} disabled={busy}>
            {t('backToLogin')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('sending') : t('forgot.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
