import {
  NOTIFICATION_EVENTS,
  notificationSettingsBodySchema,
  type NotificationDelivery,
  type NotificationSettings,
} from '@bookla/shared/notifications';
import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useController, type Control, type FieldPath, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications-api';

/** The form's values: checkbox and radio groups hold strings. */
export interface NotificationValues {
  recipients: string[];
  events: string[];
  delivery: NotificationDelivery;
}

const toValues = (s: NotificationSettings): NotificationValues => ({
  recipients: s.recipients.map(String),
  events: [...s.events],
  delivery: s.delivery,
});

/** The body of `PUT /api/config/notifications`. */
export const notificationBody = (v: NotificationValues) => ({
  recipients: v.recipients.map(Number),
  events: v.events,
  delivery: v.delivery,
});

/** A server message at `recipients.3` belongs to the recipients' group. */
const groupPath = (path: string) => path.replace(/^(recipients|events)\.\d+$/, '$1');

/**
 * `/backend/config/notifications` (issue 22 item 7): which members are mailed about the company's
 * orders (names and addresses; the owners by default), of which events, and whether at once or in
 * one mail a day. Owners and admins only (the page checks `team.manage`).
 */
export function NotificationSettingsForm() {
  const { t } = useTranslation('sellingSettings');
  const settings = useNotificationSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert color="red">{t('loadError')}</Alert>;
  return <LoadedForm initial={settings.data} />;
}

function LoadedForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation('sellingSettings');
  const save = useSaveNotificationSettings();
  const methods = useZodForm<NotificationValues>(notificationSettingsBodySchema, {
    toInput: notificationBody,
    errorPath: groupPath,
    defaultValues: toValues(initial),
  });
  const { control } = methods;
  const setGroupError: UseFormSetError<NotificationValues> = (path, error, options) =>
    methods.setError(groupPath(path) as FieldPath<NotificationValues>, error, options);
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync(notificationBody(values));
      methods.reset(toValues(reply.data));
      notifySuccess(reply.message || t('notifications.saved'));
    } catch (error) {
      if (!applyApiError(error, setGroupError)) notifyError(error);
    }
  });
  const saving = methods.formState.isSubmitting;
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={t('notifications.formLabel')}>
      <Stack gap="lg">
        <CheckboxList
          control={control}
          name="recipients"
          label={t('notifications.recipients')}
          description={t('notifications.recipientsHint')}
          options={initial.members.map((m) => ({
            value: String(m.id),
            label: `${m.firstname} ${m.lastname}`.trim() || m.email,
            description: `${m.email} · ${t(`notifications.roles.${m.role}`)}`,
          }))}
        />
        <CheckboxList
          control={control}
          name="events"
          label={t('notifications.events')}
          description={t('notifications.eventsHint')}
          options={NOTIFICATION_EVENTS.map((e) => ({ value: e, label: t(`notifications.event.${e}`) }))}
        />
        <DeliveryChoice control={control} />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" disabled={saving}>
          {saving ? t('notifications.saving') : t('notifications.save')}
        </Button>
      </Group>
    </Paper>
  );
}

interface ListProps {
  control: Control<NotificationValues>;
  name: 'recipients' | 'events';
  label: string;
  description: string;
  options: { value: string; label: string; description?: string }[];
}

/** A group of checkboxes (a fieldset with its legend, the error announced) bound to a string list. */
function CheckboxList({ control, name, label, description, options }: ListProps) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController({ control, name });
  const error = translateValidation(fieldState.error?.message) || undefined;
  return (
    <Checkbox.Group label={label} description={description} value={value} onChange={(next) => onChange(next)} error={error} ref={ref}>
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Checkbox
            key={o.value}
            value={o.value}
            label={o.label}
            // Long addresses wrap on a phone (390 px) instead of widening the page.
            description={o.description && <span style={{ overflowWrap: 'anywhere' }}>{o.description}</span>}
            onBlur={onBlur}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function DeliveryChoice({ control }: { control: Control<NotificationValues> }) {
  const { t } = useTranslation('sellingSettings');
  const { field } = useController({ control, name: 'delivery' });
  return (
    <Radio.Group label={t('notifications.delivery')} value={field.value} onChange={(next) => field.onChange(next)}>
      <Stack gap="xs" mt="xs">
        <Radio value="immediate" label={t('notifications.immediate')} description={t('notifications.immediateHint')} />
        <Radio value="digest" label={t('notifications.digest')} description={t('notifications.digestHint')} />
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        {t('notifications.digestTime')}
      </Text>
    </Radio.Group>
  );
}
