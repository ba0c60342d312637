import { pickText } from '@bookla/shared/i18n';
import { Tabs } from '@mantine/core';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useActivity, BasicTab, ActivityEditHeader, SettingsTab } from '../../features/catalogue/activities';
import { DatesTab } from '../../features/catalogue/timetable';
import { FieldsTab } from '../../features/catalogue/setup';
import { ProductsTab, TicketsTab } from '../../features/catalogue/tickets';
import { ResourcesTab } from '../../features/catalogue/resources';
import { useHasPermission } from '../../features/permissions';
import { isApiError } from '../../lib/api-client';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

export const ACTIVITY_TABS = ['basic', 'dates', 'tickets', 'fields', 'products', 'resources', 'settings'] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number];
const isTab = (value: unknown): value is ActivityTab => ACTIVITY_TABS.includes(value as ActivityTab);

/** The tabs of other areas take the activity's id; basic and settings take the loaded record. */
const ID_TABS: Partial<Record<ActivityTab, ComponentType<{ activityId: number; canEdit: boolean }>>> = {
  dates: DatesTab,
  tickets: TicketsTab,
  fields: FieldsTab,
  products: ProductsTab,
  resources: ResourcesTab,
};

/** `/{lang}/backend/courses/edit/{id}/{tab}`: one activity, one address per tab. */
export function ActivityEditPage() {
  return (
    <RequirePermission name="nav.courses">
      <ActivityEditor />
    </RequirePermission>
  );
}

function ActivityEditor() {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const navigate = useNavigate();
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : 0;
  const course = useActivity(id);
  const mayEdit = useHasPermission('course.edit');

  useEffect(() => {
    if (course.error && !isApiError(course.error, 404)) console.error('Could not load the activity', course.error);
  }, [course.error]);

  if (!id || isApiError(course.error, 404)) return <BackendNotFoundPage />;
  if (!isTab(params.tab)) return <Navigate to={`/${lang}/backend/courses/edit/${id}/basic`} replace />;
  if (course.isPending) return <PageLoader />;
  if (!course.data) return <BackendNotFoundPage />;

  const tab = params.tab;
  const record = course.data;
  const canEdit = record.can_edit && mayEdit;
  const name = pickText(record.name, lang) || record.name_text;
  const Panel = ID_TABS[tab];

  return (
    <PageFrame title={name} documentTitle={`${t(`tabs.${tab}`)} – ${name}`} intro={canEdit ? undefined : t('edit.readOnly')}>
      <ActivityEditHeader course={record} canEdit={canEdit} />
      <Tabs value={tab} onChange={(next) => next && void navigate(`/${lang}/backend/courses/edit/${id}/${next}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          {ACTIVITY_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          {/* Each tab loads with its first showing (the features' screens), under the tab bar. */}
          <Suspense fallback={<PageLoader />}>
            {tab === 'basic' && <BasicTab course={record} canEdit={canEdit} />}
            {tab === 'settings' && <SettingsTab course={record} canEdit={canEdit} />}
            {Panel && <Panel activityId={id} canEdit={canEdit} />}
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
