import { pickText } from '@bookla/shared/i18n';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  RESOURCES,
  AttributeFields,
  SetupList,
  SetupRecordForm,
  attributeBody,
  attributeToValues,
  blankAttribute,
  useRecordId,
} from '../../features/catalogue/setup';
import { attributeSchema, type AttributeItem } from '@bookla/shared/catalogue-setup';
import { useMemo } from 'react';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/course/attributes`. */
export function AttributesPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const label = (a: AttributeItem) => a.label_text ?? pickText(a.label, lang);
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={t('attributes.title')} intro={t('attributes.intro')}>
        <SetupList<AttributeItem>
          resource={RESOURCES.attributes}
          create={{ label: t('attributes.create'), to: `/${lang}/backend/course/attribute/create` }}
          nameHeader={t('attributes.label')}
          name={label}
          editPath={(a) => `/${lang}/backend/course/attribute/${a.id}`}
          columns={[
            { header: t('attributes.type'), cell: (a) => t(`attributes.types.${a.type}`) },
            { header: t('attributes.choices'), cell: (a) => (a.options?.length ? a.options.length : '–') },
            {
              header: t('attributes.filterableShort'),
              cell: (a) => (
                <Badge variant="light" color={a.filterable ? 'green' : 'gray'} c="dark.7">
                  {a.filterable ? t('yes') : t('no')}
                </Badge>
              ),
            },
          ]}
          empty={{ title: t('attributes.empty'), text: t('attributes.emptyText') }}
        />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/course/attribute/{create|id}`. */
export function AttributePage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => attributeSchema(languages), [languages]);
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('attributes.new') : t('attributes.edit');
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={title}>
        <SetupRecordForm
          key={id ?? 'create'}
          resource={RESOURCES.attributes}
          id={id}
          label={title}
          blank={blankAttribute(languages)}
          toValues={(a) => attributeToValues(a, languages)}
          toBody={attributeBody}
          schema={schema}
          listPath={`/${lang}/backend/course/attributes`}
          name={(a) => a.label_text ?? pickText(a.label, lang)}
        >
          <AttributeFields languages={languages} />
        </SetupRecordForm>
      </PageFrame>
    </RequirePermission>
  );
}
