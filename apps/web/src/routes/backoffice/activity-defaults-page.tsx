import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useTeamLanguages } from '../../components/form/translated-fields';
import { DefaultsForm, HolidaysPanel } from '../../features/catalogue/setup';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

export const ACTIVITY_DEFAULT_TABS = ['basic', 'holidays'] as const;
type DefaultsTab = (typeof ACTIVITY_DEFAULT_TABS)[number];
const isTab = (value: unknown): value is DefaultsTab => ACTIVITY_DEFAULT_TABS.includes(value as DefaultsTab);

/** `/{lang}/backend/config/course/defaults/{tab}`: one address per tab (basic, holidays). */
export function ActivityDefaultsPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const navigate = useNavigate();
  const { tab } = useParams();
  const languages = useTeamLanguages();
  if (!isTab(tab)) return <BackendNotFoundPage />;
  return (
    <RequirePermission name="nav.config">
      <PageFrame
        title={t('defaults.title')}
        intro={t('defaults.intro')}
        documentTitle={`${t(`defaults.tabs.${tab}`)} – ${t('defaults.title')}`}
      >
        <Tabs value={tab} onChange={(next) => next && void navigate(`/${lang}/backend/config/course/defaults/${next}`)} keepMounted={false}>
          <Tabs.List mb="lg">
            {ACTIVITY_DEFAULT_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`defaults.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab}>
            {tab === 'basic' ? <DefaultsForm languages={languages} /> : <HolidaysPanel languages={languages} />}
          </Tabs.Panel>
        </Tabs>
      </PageFrame>
    </RequirePermission>
  );
}
