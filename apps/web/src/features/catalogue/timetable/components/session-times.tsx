import { Group, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../../components/form/checkbox-field';
import { FormDateInput, FormTimeInput } from '../../../../components/form/date-fields';
import type { SessionBodyInput, SessionTimes } from '@bookla/shared/catalogue-timetable';

/**
 * One date as the forms hold it: the day, the wall times in the team's zone, and whether it ends
 * the next day; checked with the shared `sessionTimesSchema` (everything filled in, the end after
 * the start unless the date ends the next day: the rule the generator and the server apply).
 */
export type TimesValues = SessionTimes;

export const EMPTY_TIMES: TimesValues = { date: '', start: '', end: '', ends_next_day: false };

/** API paths → form fields, for the server's 422. */
export const TIMES_ERROR_MAP = { starts_at: 'start', ends_at: 'end', ends_next_day: 'ends_next_day' } as const;

/** The times as the API takes them; only an explicit "ends next day" puts the end on the following day. */
export function timesOf(values: TimesValues): SessionBodyInput | null {
  if (!values.date || !values.start || !values.end) return null;
  if (!values.ends_next_day) return { starts_at: `${values.date}T${values.start}`, ends_at: `${values.date}T${values.end}` };
  const endDate = dayjs(values.date).add(1, 'day').format('YYYY-MM-DD');
  return { starts_at: `${values.date}T${values.start}`, ends_at: `${endDate}T${values.end}`, ends_next_day: true };
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
