import { SUBSCRIPTION_STATUSES, subscriptionSchema, type SubscriptionDetail } from '@bookla/shared/subscriptions';
import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMultiSelect } from '../../../components/form/select-fields';
import { TranslatedTextField, useTeamLanguages } from '../../../components/form/translated-fields';
import { ApiError, isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/forms';
import { useLang } from '../../../lib/language';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useTypeSetOptions } from '../../catalogue/setup';
import { useActivityOptions, useSaveSubscription } from '../api/subscriptions-api';
import {
  blankSubscription,
  subscriptionBody,
  subscriptionErrorPath,
  subscriptionToValues,
  type SubscriptionValues,
} from '../subscription-values';
import { useDeleteSubscriptionFlow } from './delete-flows';

/** A 422 on `activity_ids.3` shows at the activities picker. */
function remapErrors(error: unknown): unknown {
  if (!isApiError(error, 422) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.errors)) (errors[subscriptionErrorPath(path)] ??= []).push(...messages);
  return new ApiError(error.status, error.message, error.body, errors);
}

/** Options of a picker, keeping a chosen id that is not among them (still loading, or gone) labelled. */
function withChosen(options: { value: string; label: string }[], chosen: string[], fallback: (id: string) => string) {
  const data = [...options];
  for (const id of chosen) if (!data.some((o) => o.value === id)) data.push({ value: id, label: fallback(id) });
  return data;
}

/**
 * The subscription's own fields: its name and description in the company's languages, what it
 * covers (activities and type sets; none of either is every activity) and whether the shop shows
 * it. A new one goes to its page afterwards, where its tiers are added.
 */
export function SubscriptionForm({ item }: { item: SubscriptionDetail | null }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const navigate = useNavigate();
  const languages = useTeamLanguages();
  const schema = useMemo(() => subscriptionSchema(languages), [languages]);
  const initial = useMemo(() => (item ? subscriptionToValues(item, languages) : blankSubscription(languages)), [item, languages]);
  const save = useSaveSubscription();
  const onDelete = useDeleteSubscriptionFlow();
  const activities = useActivityOptions();
  const typeSets = useTypeSetOptions();
  const statusLabel = useId();
  const listPath = `/${lang}/backend/subscriptions`;
  const { control, handleSubmit, setError, reset, formState } = useZodForm<SubscriptionValues>(schema, {
    toInput: subscriptionBody,
    errorPath: subscriptionErrorPath,
    defaultValues: initial,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: item?.id ?? null, body: subscriptionBody(values) });
      notifySuccess(reply.message || t(item ? 'form.saved' : 'form.created'));
      if (!item) void navigate(`/${lang}/backend/subscription/${reply.data.id}`);
      else reset(values);
    } catch (error) {
      if (!applyApiError(remapErrors(error), setError)) notifyError(error);
    }
  });

  const activityData = withChosen(
    (activities.data ?? []).map((a) => ({ value: String(a.id), label: a.name_text })),
    initial.activity_ids,
    (id) => t('form.activityFallback', { id }),
  );
  const typeSetData = withChosen(
    (typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    initial.type_set_ids,
    (id) => t('form.typeSetFallback', { id }),
  );

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={item ? t('form.edit') : t('form.new')}>
      <Stack gap="md">
        <TranslatedTextField control={control} name="name" languages={languages} label={t('form.name')} required maxLength={120} />
        <TranslatedTextField
          control={control}
          name="description"
          languages={languages}
          label={t('form.description')}
          multiline
          maxLength={4000}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormMultiSelect
            control={control}
            name="activity_ids"
            label={t('form.activities')}
            placeholder={t('form.none')}
            data={activityData}
            searchable
            clearable
            nothingFoundMessage={t('form.noOptions')}
          />
          <FormMultiSelect
            control={control}
            name="type_set_ids"
            label={t('form.typeSets')}
            placeholder={t('form.none')}
            data={typeSetData}
            searchable
            clearable
            nothingFoundMessage={t('form.noOptions')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('form.coverageHint')}
        </Text>
        <Stack gap={4}>
          <Text component="span" id={statusLabel} size="sm" fw={500}>
            {t('form.status')}
          </Text>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby={statusLabel}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={SUBSCRIPTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
                style={{ alignSelf: 'flex-start' }}
              />
            )}
          />
          <Text size="xs" c="dimmed">
            {t('form.statusHint')}
          </Text>
        </Stack>
      </Stack>

      <Group justify="space-between" mt="lg" gap="sm">
        {item ? (
          <Button
            variant="subtle"
            color="#c92a2a"
            onClick={() =>
              void onDelete(item).then((deleted) => {
                if (deleted) void navigate(listPath);
              })
            }
          >
            {t('form.delete')}
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
