import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordInput } from '../../../components/form/text-fields';

export interface PasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  password: FieldPath<T>;
  confirm: FieldPath<T>;
  /** "New password" on the reset screens. */
  isReset?: boolean;
}

/** Password and its confirmation; `new-password` lets password managers offer a strong one. */
export function PasswordFields<T extends FieldValues>({ control, password, confirm, isReset }: PasswordFieldsProps<T>) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormPasswordInput
        control={control}
        name={password}
        label={t(isReset ? 'fields.passwordNew' : 'fields.password')}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        required
      />
      <FormPasswordInput control={control} name={confirm} label={t('fields.passwordConfirm')} autoComplete="new-password" required />
    </>
  );
}
