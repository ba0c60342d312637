import { pickText } from '@bookla/shared/i18n';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  RESOURCES,
  FieldFields,
  SetupList,
  SetupRecordForm,
  blankField,
  fieldBody,
  fieldErrorPath,
  fieldToValues,
  useRecordId,
} from '../../features/catalogue/setup';
import { fieldSchema, type FieldItem } from '@bookla/shared/catalogue-setup';
import { useMemo } from 'react';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/course/fields`: the booking questions. */
export function FieldsPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const label = (f: FieldItem) => f.label_text ?? pickText(f.label, lang);
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={t('fields.title')} intro={t('fields.intro')}>
        <SetupList<FieldItem>
          resource={RESOURCES.fields}
          create={{ label: t('fields.create'), to: `/${lang}/backend/course/field/create` }}
          nameHeader={t('fields.label')}
          name={label}
          editPath={(f) => `/${lang}/backend/course/field/${f.id}`}
          minWidth={720}
          columns={[
            { header: t('fields.type'), cell: (f) => t(`fields.types.${f.type}`) },
            { header: t('scope.label'), cell: (f) => t(`scope.${f.scope}`) },
            { header: t('fields.required'), cell: (f) => (f.required ? t('yes') : t('no')) },
            {
              header: t('fields.condition.column'),
              cell: (f) =>
                f.visible_if ? (
                  <Badge variant="light" c="dark.7">
                    {t('fields.condition.conditional')}
                  </Badge>
                ) : (
                  t('fields.condition.always')
                ),
            },
          ]}
          empty={{ title: t('fields.empty'), text: t('fields.emptyText') }}
        />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/course/field/{create|id}`. */
export function FieldPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => fieldSchema(languages), [languages]);
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('fields.new') : t('fields.edit');
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={title}>
        <SetupRecordForm
          key={id ?? 'create'}
          resource={RESOURCES.fields}
          id={id}
          label={title}
          blank={blankField(languages)}
          toValues={(f) => fieldToValues(f, languages)}
          toBody={fieldBody}
          errorPath={fieldErrorPath}
          schema={schema}
          listPath={`/${lang}/backend/course/fields`}
          name={(f) => f.label_text ?? pickText(f.label, lang)}
        >
          <FieldFields fieldId={id} languages={languages} />
        </SetupRecordForm>
      </PageFrame>
    </RequirePermission>
  );
}
