import { pickText } from '@bookla/shared/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  RESOURCES,
  SetupList,
  SetupRecordForm,
  TypeSetCreateModal,
  TypeSetFields,
  blankTypeSet,
  typeSetBody,
  typeSetToValues,
  useRecordId,
} from '../../features/catalogue/setup';
import { typeSetSchema, type TypeSetListItem } from '@bookla/shared/catalogue-setup';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

const count = (n: number | undefined) => (n === undefined ? '–' : n);

/** `/{lang}/backend/course/type_sets`: kinds of activities and what each asks for. */
export function TypeSetsPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const navigate = useNavigate();
  const languages = useTeamLanguages();
  const [creating, setCreating] = useState(false);
  const name = (s: TypeSetListItem) => s.name_text ?? (typeof s.name === 'string' ? s.name : pickText(s.name, lang));
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={t('typeSets.title')} intro={t('typeSets.intro')}>
        <SetupList<TypeSetListItem>
          resource={RESOURCES.typeSets}
          create={{ label: t('typeSets.create'), onClick: () => setCreating(true) }}
          nameHeader={t('typeSets.name')}
          name={name}
          editPath={(s) => `/${lang}/backend/course/type_set/${s.id}`}
          minWidth={720}
          columns={[
            { header: t('typeSets.kind'), cell: (s) => t(`typeSets.kinds.${s.kind}`) },
            { header: t('typeSets.attributes'), cell: (s) => count(s.attribute_count) },
            { header: t('typeSets.fields'), cell: (s) => count(s.field_count) },
            { header: t('typeSets.activities'), cell: (s) => count(s.activity_count) },
          ]}
          empty={{ title: t('typeSets.empty'), text: t('typeSets.emptyText') }}
        >
          <TypeSetCreateModal
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(id) => void navigate(`/${lang}/backend/course/type_set/${id}`)}
            languages={languages}
          />
        </SetupList>
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/course/type_set/{id}`: name, kind, assigned attributes and booking fields. */
export function TypeSetPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => typeSetSchema(languages), [languages]);
  if (id === undefined || id === null) return <BackendNotFoundPage />;
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={t('typeSets.edit')}>
        <SetupRecordForm
          key={id}
          resource={RESOURCES.typeSets}
          id={id}
          label={t('typeSets.edit')}
          blank={blankTypeSet(languages)}
          toValues={(s) => typeSetToValues(s, languages)}
          toBody={typeSetBody}
          schema={schema}
          listPath={`/${lang}/backend/course/type_sets`}
          name={(s) => s.name_text ?? pickText(s.name, lang)}
        >
          <TypeSetFields languages={languages} />
        </SetupRecordForm>
      </PageFrame>
    </RequirePermission>
  );
}
