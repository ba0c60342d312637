import { teamBillingSchema } from '@bookla/shared/teams';
import { useTranslation } from 'react-i18next';
import { useTeamBilling, useUpdateTeamBilling } from '../api/teams-api';
import { CompanyBillingFields } from './company-fields';
import { SettingsTabForm } from './settings-tab-form';

/** Company settings → billing: address, country and VAT number. */
export function BillingTab() {
  const { t } = useTranslation('settings');
  const billing = useTeamBilling();
  const update = useUpdateTeamBilling();
  return (
    <SettingsTabForm label={t('settings.tabs.billing')} query={billing} schema={teamBillingSchema} save={update.mutateAsync}>
      <CompanyBillingFields />
    </SettingsTabForm>
  );
}
