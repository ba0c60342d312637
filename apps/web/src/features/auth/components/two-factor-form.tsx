import { twoFactorCodeSchema } from '@bookla/shared/auth';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/forms';
import { loginTwoFactor } from '../api/auth-api';
import { FormTextInput } from '../../../components/form/text-fields';
import { useZodForm } from '../../../lib/use-zod-form';

export interface TwoFactorFormProps {
  onLoggedIn: () => Promise<void>;
  onCancel: () => void;
}

/** Second login step: the 6-digit code of the authenticator app, or a recovery code. */
export function TwoFactorForm({ onLoggedIn, onCancel }: TwoFactorFormProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(twoFactorCodeSchema, { defaultValues: { code: '' }, mode: 'onTouched' });
  const busy = form.formState.isSubmitting;

  const submit = async ({ code }: { code: string }) => {
    setError(null);
    try {
      await loginTwoFactor(code.replace(/\s+/g, ''));
      await onLoggedIn();
    } catch (err) {
      if (applyApiError(err, form.setError)) return;
      setError((isApiError(err) && err.status < 500 && err.message) || t('technicalError'));
      form.setFocus('code');
    }
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Stack gap="sm">
        <Text>{t('twoFactor.intro')}</Text>
        {error && <Alert color="red">{error}</Alert>}
        <FormTextInput
          control={form.control}
          name="code"
          label={t('twoFactor.code')}
          description={t('twoFactor.codeHint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('backToLogin')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('sending') : t('twoFactor.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
