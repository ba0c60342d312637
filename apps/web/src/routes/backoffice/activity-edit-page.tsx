import { pickText } from '@bookla/shared/i18n';
import { Tabs } from '@mantine/core';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useActivity } from '../../features/catalogue/activities/api/activities-api';
import { BasicTab } from '../../features/catalogue/activities/components/basic-tab';
import { ActivityEditHeader } from '../../features/catalogue/activities/components/activity-edit-header';
import { SettingsTab } from '../../features/catalogue/activities/components/settings-tab';
import { DatesTab } from '../../features/catalogue/timetable/components/dates-tab';
import { FieldsTab } from '../../features/catalogue/setup/components/fields-tab';
import { ProductsTab } from '../../features/catalogue/tickets/components/products-tab';
import { ResourcesTab } from '../../features/catalogue/resources/components/resources-tab';
import { TicketsTab } from '../../features/catalogue/tickets/components/tickets-tab';
import { useHasPermission } from '../../features/permissions/permission-query';
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
          {tab === 'basic' && <BasicTab course={record} canEdit={canEdit} />}
          {tab === 'settings' && <SettingsTab course={record} canEdit={canEdit} />}
          {Panel && <Panel activityId={id} canEdit={canEdit} />}
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
