import { Group } from '@mantine/core';
import dayjs from 'dayjs';
import type { Control, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../components/form/text-fields';
import type { SessionTimes } from './schedule-types';

/** One date as the forms hold it: the day and the wall times in the team's zone. */
export interface TimesValues {
  date: string;
  start: string;
  end: string;
}

export const EMPTY_TIMES: TimesValues = { date: '', start: '', end: '' };

/** API paths → form fields, for the server's 422. */
export const TIMES_ERROR_MAP = { starts_at: 'start', ends_at: 'end' } as const;

/** The times as the API takes them; an end before the start means the date runs past midnight. */
export function timesOf(values: TimesValues): SessionTimes | null {
  if (!values.date || !values.start || !values.end) return null;
  const endDate = values.end <= values.start ? dayjs(values.date).add(1, 'day').format('YYYY-MM-DD') : values.date;
  return { starts_at: `${values.date}T${values.start}`, ends_at: `${endDate}T${values.end}` };
}

/** Checks what the browser can tell (everything filled in); the server checks the rest. */
export function toSessionTimes(values: TimesValues, setError: UseFormSetError<TimesValues>): SessionTimes | null {
  const missing = (['date', 'start', 'end'] as const).filter((key) => !values[key]);
  missing.forEach((key, index) => setError(key, { type: 'required', message: 'required' }, { shouldFocus: index === 0 }));
  return missing.length > 0 ? null : timesOf(values);
}

/** Day, start and end side by side. */
export function SessionTimesFields({ control }: { control: Control<TimesValues> }) {
  const { t } = useTranslation('schedule');
  return (
    <Group align="flex-start" gap="sm">
      <FormTextInput control={control} name="date" type="date" label={t('dates.date')} required w={170} />
      <FormTextInput control={control} name="start" type="time" label={t('dates.start')} required w={130} />
      <FormTextInput control={control} name="end" type="time" label={t('dates.end')} required w={130} />
    </Group>
  );
}
