import { ACTIVITY_STATUSES } from '@bookla/shared/catalogue';
import {
  BOOKING_CLOSES_MAX_MINUTES,
  CANCEL_FREE_HOURS_MAX,
  CAPACITY_MAX,
  HOLD_LIMIT_DEFAULT,
  HOLD_LIMIT_MAX,
  activityUpdateSchema,
  RESERVATION_MAX_MINUTES,
  WAITING_LIST_OFFER_HOURS_MAX,
  WAITING_LIST_OFFER_HOURS_MIN,
  type ActivityDetail,
} from '@bookla/shared/catalogue-activities';
import type { Language } from '@bookla/shared/i18n';
import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../../components/form/date-fields';
import { FormNumberInput } from '../../../../components/form/number-field';
import { FormSelect } from '../../../../components/form/select-fields';
import { toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { YesNoSelect, type YesNo } from '../../../../components/yes-no-select';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useUpdateActivity } from '../api/activities-api';
import { useTeamZone, wallTime } from '../../timetable';
import { useUnsavedGuard } from './use-unsaved-guard';

export interface SettingsValues {
  status: string;
  /** Local `YYYY-MM-DDTHH:mm` in the team's zone, `''` = bookable at once. */
  booking_opens_at: string;
  booking_closes_minutes: number | string;
  waiting_list: YesNo;
  waiting_list_offer_hours: number | string;
  /** `''` = no self-service cancellation. */
  cancel_free_hours: number | string;
  cancel_late_allowed: YesNo;
  reservation_minutes: number | string;
  capacity: number | string;
  /** `''` = the default (HOLD_LIMIT_DEFAULT). */
  hold_limit: number | string;
  cancellation_policy: Record<string, string>;
}

function toSettingsValues(course: ActivityDetail, languages: readonly Language[], zone: string): SettingsValues {
  return {
    status: course.status,
    booking_opens_at: wallTime(course.booking_opens_at, zone),
    booking_closes_minutes: course.booking_closes_minutes,
    waiting_list: course.waiting_list ? 1 : 0,
    waiting_list_offer_hours: course.waiting_list_offer_hours ?? 24,
    cancel_free_hours: course.cancel_free_hours ?? '',
    cancel_late_allowed: course.cancel_late_allowed ? 1 : 0,
    reservation_minutes: course.reservation_minutes,
    capacity: course.capacity ?? '',
    hold_limit: course.hold_limit ?? '',
    cancellation_policy: toTranslatedForm(course.cancellation_policy, languages),
  };
}

/** `PUT /api/courses/:id`'s body of the tab, as the shared `activityUpdateSchema` checks it. */
const settingsBody = (v: SettingsValues) => ({
  status: v.status,
  booking_opens_at: v.booking_opens_at || null,
  booking_closes_minutes: v.booking_closes_minutes === '' ? 0 : v.booking_closes_minutes,
  waiting_list: v.waiting_list === 1,
  waiting_list_offer_hours: v.waiting_list_offer_hours,
  cancel_free_hours: v.cancel_free_hours === '' ? null : v.cancel_free_hours,
  cancel_late_allowed: v.cancel_late_allowed === 1,
  reservation_minutes: v.reservation_minutes,
  capacity: v.capacity === '' ? null : v.capacity,
  hold_limit: v.hold_limit === '' ? null : v.hold_limit,
  cancellation_policy: v.cancellation_policy,
});

/** The settings tab: status, booking window, waiting list (and how long its offers hold seats), reservation time, capacity, self-service cancellation, policy. */
export function SettingsTab({ course, canEdit }: { course: ActivityDetail; canEdit: boolean }) {
  const { t } = useTranslation('activities');
  const languages = useTeamLanguages();
  const zone = useTeamZone();
  const update = useUpdateActivity(course.id);
  const schema = useMemo(() => activityUpdateSchema(languages), [languages]);
  const { control, handleSubmit, reset, getValues, setError, formState } = useZodForm(schema, {
    toInput: settingsBody,
    defaultValues: toSettingsValues(course, languages, zone),
  });
  const readOnly = !canEdit;
  useUnsavedGuard(canEdit && formState.isDirty);

  useEffect(() => {
    if (!formState.isDirty) reset(toSettingsValues(course, languages, zone));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course.updated_at]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(settingsBody(values));
      reset(result.data ? toSettingsValues(result.data, languages, zone) : getValues());
      notifySuccess(result.message || t('saved'));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('tabs.settings')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormSelect
              control={control}
              name="status"
              label={t('settings.status')}
              data={ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              readOnly={readOnly}
            />
            <Controller
              control={control}
              name="booking_opens_at"
              render={({ field, fieldState }) => (
                <DateTimeField
                  {...field}
                  label={t('settings.bookingOpensAt')}
                  description={t('settings.bookingOpensAtHint', { zone })}
                  readOnly={readOnly}
                  error={translateValidation(fieldState.error?.message) || undefined}
                />
              )}
            />
            <FormNumberInput
              control={control}
              name="booking_closes_minutes"
              label={t('settings.bookingClosesMinutes')}
              description={t('settings.bookingClosesMinutesHint')}
              min={0}
              max={BOOKING_CLOSES_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <FormNumberInput
              control={control}
              name="reservation_minutes"
              label={t('settings.reservationMinutes')}
              description={t('settings.reservationMinutesHint')}
              min={1}
              max={RESERVATION_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <FormNumberInput
              control={control}
              name="capacity"
              label={t('settings.capacity')}
              description={t('settings.capacityHint')}
              min={0}
              max={CAPACITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <FormNumberInput
              control={control}
              name="hold_limit"
              label={t('settings.holdLimit')}
              description={t('settings.holdLimitHint', { count: HOLD_LIMIT_DEFAULT })}
              placeholder={String(HOLD_LIMIT_DEFAULT)}
              min={1}
              max={HOLD_LIMIT_MAX}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <Controller
              control={control}
              name="waiting_list"
              render={({ field, fieldState }) => (
                <YesNoSelect
                  ref={field.ref}
                  label={t('settings.waitingList')}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={readOnly}
                  error={translateValidation(fieldState.error?.message) || undefined}
                />
              )}
            />
            <FormNumberInput
              control={control}
              name="waiting_list_offer_hours"
              label={t('settings.waitingListOfferHours')}
              description={t('settings.waitingListOfferHoursHint')}
              min={WAITING_LIST_OFFER_HOURS_MIN}
              max={WAITING_LIST_OFFER_HOURS_MAX}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <FormNumberInput
              control={control}
              name="cancel_free_hours"
              label={t('settings.cancelFreeHours')}
              description={t('settings.cancelFreeHoursHint')}
              min={0}
              max={CANCEL_FREE_HOURS_MAX}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
            />
            <Controller
              control={control}
              name="cancel_late_allowed"
              render={({ field, fieldState }) => (
                <YesNoSelect
                  ref={field.ref}
                  label={t('settings.cancelLateAllowed')}
                  description={t('settings.cancelLateAllowedHint')}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={readOnly}
                  error={translateValidation(fieldState.error?.message) || undefined}
                />
              )}
            />
          </SimpleGrid>
          <TranslatedTextField
            control={control}
            name="cancellation_policy"
            languages={languages}
            label={t('settings.cancellationPolicy')}
            multiline
            readOnly={readOnly}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={formState.isSubmitting}>
                {t('save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
