import { Stack, Tabs } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BillingTab, GeneralTab, SecurityTab, StaffTab } from '../../features/teams';
import { PlanTab, TeamPlatformInvoices } from '../../features/platform';
import { PageLoader } from '../../components/page-loader';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

export const COMPANY_TABS = ['general', 'billing', 'plan', 'staff', 'security'] as const;
type CompanyTab = (typeof COMPANY_TABS)[number];
const isTab = (value: unknown): value is CompanyTab => COMPANY_TABS.includes(value as CompanyTab);

const PANELS: Record<CompanyTab, ComponentType> = {
  general: GeneralTab,
  billing: BillingPanel,
  plan: PlanTab,
  staff: StaffTab,
  security: SecurityTab,
};

/** Billing: the company's billing address, then the platform's invoices to the company (CONTRACT §6). */
function BillingPanel() {
  return (
    <Stack gap="xl">
      <BillingTab />
      <TeamPlatformInvoices />
    </Stack>
  );
}

/** `/{lang}/backend/config/team/{tab}`: one address per tab, so each can be linked and reloaded. */
export function CompanySettingsPage() {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (!isTab(tab)) return <BackendNotFoundPage />;
  const Panel = PANELS[tab];
  return (
    <RequirePermission name="team.manage">
      <PageFrame title={t('settings.title')} documentTitle={`${t(`settings.tabs.${tab}`)} – ${t('settings.title')}`}>
        <Tabs value={tab} onChange={(next) => next && void navigate(`/${lang}/backend/config/team/${next}`)} keepMounted={false}>
          <Tabs.List mb="lg">
            {COMPANY_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`settings.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab}>
            {/* Each tab loads with its first showing (the feature's screens), under the tab bar. */}
            <Suspense fallback={<PageLoader />}>
              <Panel />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </PageFrame>
    </RequirePermission>
  );
}
