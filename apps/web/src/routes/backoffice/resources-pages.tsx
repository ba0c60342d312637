import { pickText } from '@bookla/shared/i18n';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import { RESOURCES, SetupList, SetupRecordForm, useRecordId } from '../../features/catalogue/setup';
import {
  InstructorFeeds,
  ResourceBookings,
  ResourceGroupFields,
  blankResourceGroup,
  resourceGroupBody,
  resourceGroupToValues,
  type ResourceGroupValues,
} from '../../features/catalogue/resources';
import { resourceGroupSchema, type ResourceGroupItem } from '@bookla/shared/catalogue-timetable';
import { useMemo } from 'react';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

const newGroupBody = (v: ResourceGroupValues) => resourceGroupBody(v, true);
const groupBody = (v: ResourceGroupValues) => resourceGroupBody(v, false);

/** `/{lang}/backend/sa/resources`: resource groups (rooms, equipment, instructors) and their resources. */
export function ResourcesPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const text = (value: { name: ResourceGroupItem['name']; name_text?: string }) => value.name_text ?? pickText(value.name, lang);
  return (
    <RequirePermission name="nav.sa_resources">
      <PageFrame title={t('resources.title')} intro={t('resources.intro')}>
        <SetupList<ResourceGroupItem>
          resource={RESOURCES.resources}
          create={{ label: t('resources.create'), to: `/${lang}/backend/sa/resource/create` }}
          nameHeader={t('resources.groupName')}
          name={text}
          editPath={(g) => `/${lang}/backend/sa/resource/${g.id}`}
          minWidth={720}
          columns={[
            { header: t('resources.kind'), cell: (g) => t(`resources.kinds.${g.kind}`) },
            {
              header: t('resources.items'),
              cell: (g) =>
                g.resources?.length
                  ? g.resources.map((r) => t('resources.withCapacity', { name: text(r), capacity: r.capacity })).join(', ')
                  : t('resources.noItemsShort'),
            },
          ]}
          empty={{ title: t('resources.empty'), text: t('resources.emptyText') }}
        />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/sa/resource/{create|id}`: the group, its resources, and the sessions using them. */
export function ResourcePage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => resourceGroupSchema(languages), [languages]);
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('resources.new') : t('resources.edit');
  return (
    <RequirePermission name="nav.sa_resources">
      <PageFrame title={title}>
        <Stack gap="lg">
          <SetupRecordForm<ResourceGroupValues, ResourceGroupItem>
            key={id ?? 'create'}
            resource={RESOURCES.resources}
            id={id}
            label={title}
            blank={blankResourceGroup(languages)}
            toValues={(g) => resourceGroupToValues(g, languages)}
            toBody={id === null ? newGroupBody : groupBody}
            schema={schema}
            listPath={`/${lang}/backend/sa/resources`}
            createdPath={(g) => `/${lang}/backend/sa/resource/${g.id}`}
            name={(g) => g.name_text ?? pickText(g.name, lang)}
          >
            <ResourceGroupFields languages={languages} withResources={id !== null} />
          </SetupRecordForm>
          {id !== null && <ResourceBookings groupId={id} />}
          {id !== null && <InstructorFeeds groupId={id} />}
        </Stack>
      </PageFrame>
    </RequirePermission>
  );
}
