import { endTimeError } from '@bookla/shared/catalogue-timetable';
import { Group, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import type { Control, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../../components/form/checkbox-field';
import { FormDateInput, FormTimeInput } from '../../../../components/form/date-fields';
import type { SessionBodyInput as SessionTimes } from '@bookla/shared/catalogue-timetable';

/** One date as the forms hold it: the day, the wall times in the team's zone, and whether it ends the next day. */
export interface TimesValues {
  date: string;
  start: string;
  end: string;
  ends_next_day: boolean;
}

export const EMPTY_TIMES: TimesValues = { date: '', start: '', end: '', ends_next_day: false };

/** API paths → form fields, for the server's 422. */
export const TIMES_ERROR_MAP = { starts_at: 'start', ends_at: 'end', ends_next_day: 'ends_next_day' } as const;

/** The times as the API takes them; only an explicit "ends next day" puts the end on the following day. */
export function timesOf(values: TimesValues): SessionTimes | null {
  if (!values.date || !values.start || !values.end) return null;
  if (!values.ends_next_day) return { starts_at: `${values.date}T${values.start}`, ends_at: `${values.date}T${values.end}` };
  const endDate = dayjs(values.date).add(1, 'day').format('YYYY-MM-DD');
  return { starts_at: `${values.date}T${values.start}`, ends_at: `${endDate}T${values.end}`, ends_next_day: true };
}

/**
 * Checks what the browser can tell: everything filled in, and the end after the start unless the
 * date ends the next day (the shared rule the server applies too).
 */
export function toSessionTimes(values: TimesValues, setError: UseFormSetError<TimesValues>): SessionTimes | null {
  const missing = (['date', 'start', 'end'] as const).filter((key) => !values[key]);
  missing.forEach((key, index) => setError(key, { type: 'required', message: 'required' }, { shouldFocus: index === 0 }));
  if (missing.length > 0) return null;
  const endError = endTimeError(values.start, values.end, values.ends_next_day);
  if (endError) {
    setError('end', { type: 'validate', message: endError }, { shouldFocus: true });
    return null;
  }
  return timesOf(values);
}

/** Day, start and end side by side, and the overnight choice. */
export function SessionTimesFields({ control }: { control: Control<TimesValues> }) {
  const { t } = useTranslation('timetable');
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="sm">
        <FormDateInput control={control} name="date" label={t('dates.date')} required w={170} />
        <FormTimeInput control={control} name="start" label={t('dates.start')} required w={130} />
        <FormTimeInput control={control} name="end" label={t('dates.end')} required w={130} />
      </Group>
      <FormCheckbox control={control} name="ends_next_day" label={t('dates.endsNextDay')} />
    </Stack>
  );
}
