import { TEAM_FEATURES, teamFeaturesSchema, type TeamFeatures } from '@bookla/shared/teams';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { applyApiError } from '../../../lib/forms';
import { useTeamFeatures, useUpdateTeamFeatures } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FormSwitch } from '../../../components/form/switch-field';
import { useZodForm } from '../../../lib/use-zod-form';

function Form({ initial }: { initial: TeamFeatures }) {
  const { t } = useTranslation('settings');
  const update = useUpdateTeamFeatures();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(teamFeaturesSchema, {
    defaultValues: initial,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      reset(result.data ?? values);
      notifySuccess(result.message || t('features.saved'));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });
  const saving = formState.isSubmitting;
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={t('features.title')}>
      <Stack gap="lg">
        {TEAM_FEATURES.map((feature) => (
          <FormSwitch
            key={feature}
            control={control}
            name={feature}
            label={t(`features.${feature}.label`)}
            description={t(`features.${feature}.description`)}
          />
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" disabled={saving}>
          {t('features.save')}
        </Button>
      </Group>
    </Paper>
  );
}

/** `/backend/config/features`: the company's feature switches with what each one does. */
export function FeaturesForm() {
  const { t } = useTranslation('backend');
  const features = useTeamFeatures();
  if (features.isPending) return <PageLoader />;
  if (features.isError) return <Alert color="red">{t('errors.load')}</Alert>;
  return (
    <Stack>
      <Form initial={features.data} />
    </Stack>
  );
}
