import { zodResolver } from '@hookform/resolvers/zod';
import { teamGeneralSchema } from '@bookla/shared/teams';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamGeneral, useUpdateTeamGeneral } from '../api/teams-api';
import { CompanyGeneralFields } from './company-fields';
import { LogoField } from './logo-field';
import { SettingsTabForm } from './settings-tab-form';

const resolver = zodResolver(teamGeneralSchema);

/** Company settings → general: logo, name, phone, currency, time zone, languages. */
export function GeneralTab() {
  const { t } = useTranslation('settings');
  const general = useTeamGeneral();
  const update = useUpdateTeamGeneral();
  return (
    <Stack gap="lg">
      <LogoField />
      <SettingsTabForm label={t('settings.tabs.general')} query={general} resolver={resolver} save={update.mutateAsync}>
        <CompanyGeneralFields />
      </SettingsTabForm>
    </Stack>
  );
}
