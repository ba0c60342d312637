import { passwordChangeSchema } from '@bookla/shared/teams';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { FormPasswordInput } from '../../../components/form/text-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { applyApiError } from '../../../lib/forms';
import { useChangePassword } from '../api/profile-api';
import { useZodForm } from '../../../lib/use-zod-form';

/** Profile → change password (current, new, confirmation); the other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(passwordChangeSchema, {
    defaultValues: { current_password: '', password: '', password_confirm: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      reset();
      notifySuccess(result.message || t('password.changed'));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  const saving = formState.isSubmitting;
  return (
    <PanelSection headingId="password-title" title={t('password.title')}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-title">
        <Stack gap="sm" maw={480}>
          <FormPasswordInput
            control={control}
            name="current_password"
            label={t('password.current')}
            autoComplete="current-password"
            required
          />
          <FormPasswordInput control={control} name="password" label={t('password.new')} autoComplete="new-password" required />
          <FormPasswordInput control={control} name="password_confirm" label={t('password.confirm')} autoComplete="new-password" required />
          <Alert color="blue" variant="light" role="note">
            {t('password.notice')}
          </Alert>
          <Group justify="flex-end">
            <Button type="submit" disabled={saving}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PanelSection>
  );
}
