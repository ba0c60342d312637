import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  ApiTokensSection,
  EmbedsSection,
  IntegrationSettingsForm,
  NotificationSettingsForm,
  TaxSettingsForm,
  WebhooksSection,
} from '../../features/selling/settings';
import { Suspense } from 'react';
import { useAppState } from '../../lib/app-state';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/config/tax`: VAT, the VAT number and the rates. */
export function TaxSettingsPage() {
  const { t } = useTranslation('sellingSettings');
  const languages = useTeamLanguages();
  return (
    <RequirePermission name="nav.config">
      <PageFrame title={t('tax.title')} intro={t('tax.intro')}>
        <TaxSettingsForm languages={languages} />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/config/integration`: payment methods, the shop's branding and the embeds for providers' websites. */
export function IntegrationSettingsPage() {
  const { t } = useTranslation('sellingSettings');
  const languages = useTeamLanguages();
  // Webhooks (and API tokens) are for owners and admins only.
  const manage = useAppState().permissions?.includes('team.manage') ?? false;
  return (
    <RequirePermission name="nav.config">
      <PageFrame title={t('integration.title')} intro={t('integration.intro')}>
        <IntegrationSettingsForm languages={languages} />
        <EmbedsSection languages={languages} />
        {manage && (
          <Suspense fallback={null}>
            <ApiTokensSection />
            <WebhooksSection />
          </Suspense>
        )}
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/config/notifications`: who of the staff is mailed about orders, of what, and how (owners and admins). */
export function NotificationSettingsPage() {
  const { t } = useTranslation('sellingSettings');
  return (
    <RequirePermission name="team.manage">
      <PageFrame title={t('notifications.title')} intro={t('notifications.intro')}>
        <NotificationSettingsForm />
      </PageFrame>
    </RequirePermission>
  );
}
