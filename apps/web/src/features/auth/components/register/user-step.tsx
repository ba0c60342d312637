import { Stack } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../account-fields';
import { PasswordFields } from '../password-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import type { RegisterFormValues } from './register-model';

/** Step 1 "User": who registers (and becomes the company's owner). */
export function UserStep() {
  const { t } = useTranslation('auth');
  const { control } = useFormContext<RegisterFormValues>();
  return (
    <Stack gap="sm">
      <NameFields control={control} salutation="user.salutation" firstname="user.firstname" lastname="user.lastname" />
      <FormTextInput control={control} name="user.email" type="email" label={t('fields.email')} autoComplete="email" required />
      <PasswordFields control={control} password="user.password" confirm="user.password_confirm" />
    </Stack>
  );
}
