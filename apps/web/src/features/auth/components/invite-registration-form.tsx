import { inviteRegistrationSchema, type InviteRegistrationInput } from '@bookla/shared/auth';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import type { InviteUser } from '../api/auth-api';
import { ConsentFields, NameFields } from './account-fields';
import { PasswordFields } from './password-fields';

const FIELDS = ['salutation', 'firstname', 'lastname', 'password', 'password_confirm', 'agb', 'newsletter'] as const;
type Field = (typeof FIELDS)[number];

export interface InviteRegistrationFormProps {
  /** Sends the checked values (the schema's output); throws the server's error. */
  onSubmit: (user: InviteRegistrationInput) => Promise<void>;
  /** A refusal that is not about one of the fields (or a technical failure). */
  onFailure: (error: unknown) => void;
}

/** The form holds the consent as a checkbox's boolean (the schema accepts only `true`): it checks the values as they are. */
const asBody = (values: InviteUser) => values;

/** Spec §5 "Invite registration": the invitation carries the e-mail address, so it is not asked. */
export function InviteRegistrationForm({ onSubmit, onFailure }: InviteRegistrationFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(inviteRegistrationSchema, {
    toInput: asBody,
    defaultValues: { salutation: '', firstname: '', lastname: '', password: '', password_confirm: '', agb: false, newsletter: false },
    mode: 'onTouched',
  });
  const busy = form.formState.isSubmitting;

  const submit = async (values: InviteUser) => {
    try {
      // The schema's output: texts trimmed.
      await onSubmit(inviteRegistrationSchema.parse(values));
    } catch (err) {
      // The server names fields as in its payload: `user.password`.
      let first = true;
      for (const [path, messages] of Object.entries((isApiError(err, 422) && err.errors) || {})) {
        const name = path.replace(/^user\./, '') as Field;
        if (!FIELDS.includes(name) || !messages[0]) continue;
        form.setError(name, { type: 'server', message: messages[0] }, { shouldFocus: first });
        first = false;
      }
      if (first) onFailure(err);
    }
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Stack gap="sm">
        <NameFields control={form.control} salutation="salutation" firstname="firstname" lastname="lastname" />
        <PasswordFields control={form.control} password="password" confirm="password_confirm" />
        <ConsentFields control={form.control} agb="agb" newsletter="newsletter" />
        <Button type="submit" disabled={busy}>
          {busy ? t('sending') : t('invite.registerSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
