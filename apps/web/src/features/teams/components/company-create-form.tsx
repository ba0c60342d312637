import { isLanguage } from '@bookla/shared/i18n';
import { teamCreateSchema, type Team } from '@bookla/shared/teams';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';
import { applyApiError } from '../../../lib/forms';
import { useLang } from '../../../lib/language';
import { useCreateTeam } from '../api/teams-api';
import { notifySuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { switchTeam } from '../session-state';
import { CompanyBillingFields, CompanyGeneralFields, type CompanyFormValues } from './company-fields';

/** A second company usually shares country, currency, languages and time zone with the first. */
function defaults(team: Team | null | undefined, lang: string): CompanyFormValues {
  return {
    name: '',
    phone_prefix: team?.phone_prefix ?? '+41',
    phone_number: '',
    currency: team?.currency ?? 'CHF',
    languages: team?.languages ?? (isLanguage(lang) ? [lang] : ['de']),
    time_zone: team?.time_zone ?? 'Europe/Zurich',
    billing_address: '',
    billing_address_line_2: '',
    billing_city: '',
    billing_state: '',
    billing_postal_code: '',
    billing_country: team?.billing_country ?? 'CH',
    vat_id: '',
    vat_registered: false,
  };
}

/**
 * `/backend/config/team/create`: the registration's company fields → `POST /api/team`, then
 * switch to the new company and go to its dashboard.
 */
export function CompanyCreateForm() {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { team } = useAppState();
  const create = useCreateTeam();
  const [failure, setFailure] = useState<string | null>(null);
  const methods = useZodForm(teamCreateSchema, {
    defaultValues: defaults(team, lang),
    mode: 'onTouched',
  });

  const onSubmit = methods.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await create.mutateAsync(values);
      await switchTeam(result.team_id, queryClient);
      notifySuccess(result.message || t('create.success'));
      await navigate(`/${lang}/backend`);
    } catch (error) {
      if (applyApiError(error, methods.setError)) return;
      console.error(error);
      setFailure((isApiError(error) && error.status < 500 && error.message) || t('create.failed'));
    }
  });

  const sending = methods.formState.isSubmitting;
  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PanelSection headingId="create-company" title={t('sections.company')}>
            <CompanyGeneralFields />
          </PanelSection>
          <PanelSection headingId="create-billing" title={t('sections.billing')}>
            <CompanyBillingFields selectCurrency vatRegistered />
          </PanelSection>
          <Group justify="flex-end">
            <Button type="submit" disabled={sending}>
              {sending ? t('create.sending') : t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
