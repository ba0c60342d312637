import { Alert, Anchor, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useAppState } from '../../../lib/app-state';
import { useLang } from '../../../lib/language';
import { useTeamSettings, useUpdateSecurity } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * Company settings → security: require two-factor authentication of every staff member. The
 * server only lets a user switch it on who has it set up themselves.
 */
export function SecurityTab() {
  const { t } = useTranslation('settings');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const { team, user } = useAppState();
  const settings = useTeamSettings(team?.id);
  const update = useUpdateSecurity(team?.id);
  const ownTwoFactor = user?.two_factor_enabled === true;

  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert color="red">{tb('errors.load')}</Alert>;
  const required = settings.data.require_2fa;

  const onChange = async (next: boolean) => {
    try {
      const result = await update.mutateAsync(next);
      notifySuccess(result.message || t('security.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <PanelSection headingId="security-title" title={t('security.title')} gap="md">
      <Switch
        checked={required}
        onChange={(e) => void onChange(e.currentTarget.checked)}
        label={t('security.require2fa')}
        description={t('security.require2faHint')}
        disabled={update.isPending || (!required && !ownTwoFactor)}
      />
      {!ownTwoFactor && !required && (
        <Alert color="yellow" mt="md" role="note">
          <Text size="sm">{t('security.ownFirst')}</Text>
          <Anchor component={Link} to={`/${lang}/backend/profile#two-factor`} size="sm">
            {t('security.toProfile')}
          </Anchor>
        </Alert>
      )}
    </PanelSection>
  );
}
