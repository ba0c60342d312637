import { discountBodySchema, type Discount } from '@bookla/shared/selling';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormDateTimeInput } from '../../../../components/form/date-fields';
import { FormMultiSelect } from '../../../../components/form/select-fields';
import { FormSwitch } from '../../../../components/form/switch-field';
import { FormTextInput } from '../../../../components/form/text-fields';
import { PageLoader } from '../../../../components/page-loader';
import { PriceInput } from '../../../../components/price-input';
import { ApiError, isApiError } from '../../../../lib/api-client';
import { useAppState } from '../../../../lib/app-state';
import { confirm } from '../../../../lib/confirm';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useTeamZone, wallTime } from '../../../catalogue/timetable';
import { useActivityOptions, useDeleteDiscount, useDiscount, useSaveDiscount } from '../api/discounts-api';
import { blankDiscount, discountBody, discountToValues, generateCode, type DiscountValues } from '../discount-values';

/** `activity_ids.3` (one id of the list) shows at the activities picker. */
const errorPath = (path: string) => (path.startsWith('activity_ids.') ? 'activity_ids' : path);

function remapErrors(error: unknown): unknown {
  if (!isApiError(error, 422) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.errors)) (errors[errorPath(path)] ??= []).push(...messages);
  return new ApiError(error.status, error.message, error.body, errors);
}

/**
 * `/backend/discount/create` and `/backend/discount/edit/{id}`: one form for a discount code.
 * The server decides (unique code, value range, dates in order, the company's activities, max
 * uses not below the uses counted) and its 422 shows beside the fields.
 */
export function DiscountForm({ id }: { id: number | null }) {
  const { t } = useTranslation('discounts');
  const zone = useTeamZone();
  const record = useDiscount(id);
  if (id === null) return <LoadedForm id={null} initial={blankDiscount} />;
  if (record.isPending) return <PageLoader />;
  if (record.isError) return <Alert color="red">{isApiError(record.error, 404) ? t('form.notFound') : t('form.loadError')}</Alert>;
  return <LoadedForm id={id} item={record.data} initial={discountToValues(record.data, (iso) => wallTime(iso, zone))} />;
}

function LoadedForm({ id, item, initial }: { id: number | null; item?: Discount; initial: DiscountValues }) {
  const { t } = useTranslation('discounts');
  const lang = useLang();
  const zone = useTeamZone();
  const navigate = useNavigate();
  const teamCurrency = useAppState().team?.currency;
  const currency = item?.currency ?? teamCurrency ?? 'CHF';
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const activities = useActivityOptions();
  const typeLabel = useId();
  const listPath = `/${lang}/backend/discounts`;
  const { control, handleSubmit, setError, setValue, reset, formState } = useZodForm<DiscountValues>(discountBodySchema, {
    toInput: discountBody,
    errorPath,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id, body: discountBody(values) });
      notifySuccess(reply.message || t(id === null ? 'form.created' : 'form.saved'));
      if (id === null) void navigate(listPath);
      else reset(values);
    } catch (error) {
      if (!applyApiError(remapErrors(error), setError)) notifyError(error);
    }
  });

  const onDelete = async () => {
    if (!item) return;
    const ok = await confirm({
      title: t('list.deleteTitle'),
      message: t('list.deleteText', { code: item.code }),
      confirmLabel: t('list.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await remove.mutateAsync(item.id);
      notifySuccess(reply.message || t('list.deleted', { code: item.code }));
      void navigate(listPath);
    } catch (error) {
      notifyError(error);
    }
  };

  const activityData = (activities.data ?? []).map((a) => ({ value: String(a.id), label: a.name_text }));
  // A chosen activity that is not among the options (still loading, or gone) keeps a label.
  for (const chosen of initial.activity_ids)
    if (!activityData.some((o) => o.value === chosen))
      activityData.push({ value: chosen, label: t('form.activityFallback', { id: chosen }) });

  const usesHint =
    item && item.used_count > 0 ? `${t('form.maxUsesHint')} ${t('form.usedSoFar', { count: item.used_count })}` : t('form.maxUsesHint');

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={id === null ? t('form.new') : t('form.edit')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormTextInput
            control={control}
            name="code"
            label={t('form.code')}
            description={t('form.codeHint')}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            rightSectionWidth={104}
            rightSection={
              <Button
                size="compact-sm"
                variant="light"
                aria-label={t('form.generateLabel')}
                onClick={() => setValue('code', generateCode(), { shouldDirty: true, shouldValidate: true })}
              >
                {t('form.generate')}
              </Button>
            }
          />
          <FormTextInput control={control} name="name" label={t('form.name')} description={t('form.nameHint')} maxLength={120} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text component="span" id={typeLabel} size="sm" fw={500}>
              {t('form.type')}
            </Text>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <SegmentedControl
                  aria-labelledby={typeLabel}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  data={[
                    { value: 'percent', label: t('form.percent') },
                    { value: 'fixed', label: t('form.fixed') },
                  ]}
                />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="value"
            render={({ field, fieldState }) => (
              <PriceInput
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                label={type === 'percent' ? t('form.valuePercent') : t('form.valueFixed')}
                currency={type === 'fixed' ? currency : undefined}
                rightSection={type === 'percent' ? '%' : undefined}
                required
                error={translateValidation(fieldState.error?.message) || undefined}
              />
            )}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FormTextInput control={control} name="max_uses" type="number" min={1} label={t('form.maxUses')} description={usesHint} />
          <FormDateTimeInput control={control} name="valid_from" label={t('form.validFrom')} />
          <FormDateTimeInput control={control} name="valid_until" label={t('form.validUntil')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('form.zoneHint', { zone })}
        </Text>

        <FormMultiSelect
          control={control}
          name="activity_ids"
          label={t('form.activities')}
          description={t('form.activitiesHint')}
          placeholder={t('form.allActivities')}
          data={activityData}
          searchable
          clearable
          nothingFoundMessage={t('form.noActivities')}
        />
        <FormSwitch control={control} name="active" label={t('form.active')} description={t('form.activeHint')} />
      </Stack>

      <Group justify="space-between" mt="lg" gap="sm">
        {item ? (
          <Button variant="subtle" color="#c92a2a" onClick={() => void onDelete()}>
            {t('list.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button component={Link} to={listPath} variant="default">
            {t('form.back')}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('form.saving') : t('form.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
