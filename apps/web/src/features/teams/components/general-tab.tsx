import { teamGeneralSchema } from '@bookla/shared/teams';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamGeneral, useUpdateTeamGeneral } from '../api/teams-api';
import { CompanyGeneralFields } from './company-fields';
import { LogoField } from './logo-field';
import { SettingsTabForm } from './settings-tab-form';

/** Company settings → general: logo, name, phone, currency, time zone, languages. */
export function GeneralTab() {
  const { t } = useTranslation('settings');
  const general = useTeamGeneral();
  const update = useUpdateTeamGeneral();
  return (
    <Stack gap="lg">
      <LogoField />
      <SettingsTabForm label={t('settings.tabs.general')} query={general} schema={teamGeneralSchema} save={update.mutateAsync}>
        <CompanyGeneralFields />
      </SettingsTabForm>
    </Stack>
  );
}
