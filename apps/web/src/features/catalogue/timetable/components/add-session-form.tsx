import { Button, Group, Stack } from '@mantine/core';
import { sessionTimesSchema } from '@bookla/shared/catalogue-timetable';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useAddSession } from '../api/sessions-api';
import { applyMappedErrors } from '../form-errors';
import { EMPTY_TIMES, SessionTimesFields, TIMES_ERROR_MAP, timesOf } from './session-times';

/** Adds one date to the activity. */
export function AddSessionForm({ activityId }: { activityId: number }) {
  const { t } = useTranslation('timetable');
  const add = useAddSession(activityId);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(sessionTimesSchema, { defaultValues: EMPTY_TIMES });

  const onSubmit = handleSubmit(async (values) => {
    const times = timesOf(values);
    if (!times) return;
    try {
      const result = await add.mutateAsync(times);
      notifySuccess(result.message || t('dates.added'));
      reset(EMPTY_TIMES);
    } catch (error) {
      if (!applyMappedErrors(error, setError, { ...TIMES_ERROR_MAP }, ['date', 'start', 'end', 'ends_next_day'])) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-date-title">
      <Stack gap="sm">
        <SessionTimesFields control={control} />
        <Group>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t('dates.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
