import { RECURRENCE_FREQUENCIES } from '@bookla/shared/catalogue-model';
import { endTimeError, sessionGenerateBodySchema } from '@bookla/shared/catalogue-timetable';
import { Button, Group, Paper, Radio, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../../components/form/checkbox-field';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import { FormDateInput, FormTimeInput } from '../../../../components/form/date-fields';
import { translateValidation } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useGenerateSessions } from '../api/sessions-api';
import { ExceptionsField } from './exceptions-field';
import { applyMappedErrors } from '../form-errors';
import { GeneratorPreview, useGeneratorPreview } from './generator-preview';
import type { SessionGenerateInput as GenerateInput } from '@bookla/shared/catalogue-timetable';

interface GeneratorValues {
  frequency: GenerateInput['frequency'];
  first_date: string;
  start_time: string;
  end_time: string;
  ends: 'until' | 'count';
  until: string;
  count: string;
  skip_holidays: boolean;
  exceptions: string[];
  ends_next_day: boolean;
}

const DEFAULTS: GeneratorValues = {
  frequency: 'weekly',
  first_date: '',
  start_time: '',
  end_time: '',
  ends: 'count',
  until: '',
  count: '10',
  skip_holidays: true,
  exceptions: [],
  ends_next_day: false,
};

const FIELDS = [
  'frequency',
  'first_date',
  'start_time',
  'end_time',
  'until',
  'count',
  'skip_holidays',
  'exceptions',
  'ends_next_day',
] as const;

/** The rule as the API takes it (checked with the shared `sessionGenerateBodySchema`). */
function toInput(v: GeneratorValues): GenerateInput {
  const base: GenerateInput = {
    frequency: v.frequency,
    first_date: v.first_date,
    start_time: v.start_time,
    end_time: v.end_time,
    skip_holidays: v.skip_holidays,
    exceptions: v.exceptions,
    ...(v.ends_next_day ? { ends_next_day: true as const } : {}),
  };
  if (v.ends === 'until') return v.until ? { ...base, until: v.until } : base;
  return v.count.trim() ? { ...base, count: Number(v.count) } : base;
}

/** The rule once the shared schema accepts it (for the live preview), else `null`. */
function validRule(v: GeneratorValues): GenerateInput | null {
  const rule = toInput(v);
  return sessionGenerateBodySchema.safeParse(rule).success ? rule : null;
}

/** "Until or count" is asked of the input shown; each exception's issue shows at the list. */
const errorPath = (path: string, v: GeneratorValues) =>
  path === 'until' && v.ends === 'count' ? 'count' : path.startsWith('exceptions.') ? 'exceptions' : path;

/** Timetable generator: a weekly, biweekly or monthly rule with a live preview of its dates. */
export function GeneratorForm({ activityId }: { activityId: number }) {
  const { t } = useTranslation('timetable');
  const generate = useGenerateSessions(activityId);
  const { control, handleSubmit, setError, clearErrors, reset, getFieldState, formState } = useZodForm(sessionGenerateBodySchema, {
    toInput,
    errorPath,
    defaultValues: DEFAULTS,
  });
  const values = { ...DEFAULTS, ...useWatch({ control }) };
  const input = validRule(values);
  const preview = useGeneratorPreview(activityId, input);
  const count = preview.data?.filter((d) => !d.skipped).length ?? 0;

  // The shared rule, shown at the end time as soon as both times are there.
  const endError = endTimeError(values.start_time, values.end_time, values.ends_next_day);
  useEffect(() => {
    if (endError) setError('end_time', { type: 'validate', message: endError });
    else if (getFieldState('end_time').error?.type === 'validate') clearErrors('end_time');
  }, [endError, setError, clearErrors, getFieldState]);

  const onSubmit = handleSubmit(async (submitted) => {
    const rule = toInput(submitted);
    try {
      const reply = await generate.mutateAsync({ ...rule, preview: false });
      const created = reply.data.filter((d) => !d.skipped).length;
      notifySuccess(reply.message || t('generator.created', { count: created }));
      // A second click would only find the same dates again: start over with an empty rule.
      reset(DEFAULTS);
    } catch (error) {
      const map = Object.fromEntries(rule.exceptions?.map((_, i) => [`exceptions.${i}`, 'exceptions' as const]) ?? []);
      if (!applyMappedErrors(error, setError, map, FIELDS)) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="generator-title">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <FormSelect
            control={control}
            name="frequency"
            label={t('generator.frequency')}
            data={RECURRENCE_FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))}
            required
          />
          <Group align="flex-start" gap="sm">
            <FormDateInput control={control} name="first_date" label={t('generator.firstDate')} required w={170} />
            <FormTimeInput control={control} name="start_time" label={t('dates.start')} required w={130} />
            <FormTimeInput control={control} name="end_time" label={t('dates.end')} required w={130} />
          </Group>
          <FormCheckbox control={control} name="ends_next_day" label={t('dates.endsNextDay')} />
          <Controller
            control={control}
            name="ends"
            render={({ field }) => (
              <Radio.Group label={t('generator.ends')} value={field.value} onChange={field.onChange}>
                <Group gap="md" mt={4}>
                  <Radio value="count" label={t('generator.endsCount')} />
                  <Radio value="until" label={t('generator.endsUntil')} />
                </Group>
              </Radio.Group>
            )}
          />
          {values.ends === 'until' ? (
            <FormDateInput control={control} name="until" label={t('generator.until')} required w={170} />
          ) : (
            <FormTextInput control={control} name="count" type="number" min={1} max={200} label={t('generator.count')} required w={170} />
          )}
          <FormCheckbox control={control} name="skip_holidays" label={t('generator.skipHolidays')} />
          <Controller
            control={control}
            name="exceptions"
            render={({ field, fieldState }) => (
              <ExceptionsField
                value={field.value}
                onChange={field.onChange}
                error={translateValidation(fieldState.error?.message) || undefined}
              />
            )}
          />
        </Stack>
        <Paper withBorder p="sm" component="section" aria-labelledby="preview-title">
          <Title order={3} size="h5" mb="xs" id="preview-title">
            {t('generator.preview')}
          </Title>
          <GeneratorPreview preview={preview} complete={input !== null} />
        </Paper>
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={!input || !preview.current || count === 0 || formState.isSubmitting || generate.isPending}>
          {t('generator.create', { count })}
        </Button>
      </Group>
    </form>
  );
}
