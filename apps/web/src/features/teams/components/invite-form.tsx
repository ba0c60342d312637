import { ASSIGNABLE_ROLES, inviteSchema } from '@bookla/shared/teams';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyApiError } from '../../../lib/forms';
import { useInvite } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FormSelect } from '../../../components/form/select-fields';
import { FormTextInput } from '../../../components/form/text-fields';
import { useZodForm } from '../../../lib/use-zod-form';

/** Invite staff by e-mail with a role; the server sends the mail. */
export function InviteForm() {
  const { t } = useTranslation('settings');
  const invite = useInvite();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(inviteSchema, {
    defaultValues: { email: '', role: 'editor' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync(values);
      reset({ email: '', role: values.role });
      notifySuccess(result.message || t('invite.sent', { email: values.email }));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  const sending = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <Text size="sm" c="dimmed" mb="sm">
        {t('invite.intro')}
      </Text>
      <Group align="flex-start" gap="sm">
        <FormTextInput
          control={control}
          name="email"
          type="email"
          label={t('invite.email')}
          autoComplete="off"
          required
          style={{ flex: '1 1 240px' }}
        />
        <FormSelect
          control={control}
          name="role"
          label={t('invite.role')}
          data={ASSIGNABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          required
          style={{ flex: '0 1 200px' }}
        />
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" disabled={sending}>
          {t('invite.submit')}
        </Button>
      </Group>
    </form>
  );
}
