import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  RESOURCES,
  LocationFields,
  SetupList,
  SetupRecordForm,
  blankLocation,
  locationBody,
  locationToValues,
  useRecordId,
} from '../../features/catalogue/setup';
import { locationSchema, type LocationItem } from '@bookla/shared/catalogue';
import { useMemo } from 'react';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/course/locations`. */
export function LocationsPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  return (
    <RequirePermission name="nav.locations">
      <PageFrame title={t('locations.title')} intro={t('locations.intro')}>
        <SetupList<LocationItem>
          resource={RESOURCES.locations}
          create={{ label: t('locations.create'), to: `/${lang}/backend/course/location/create` }}
          nameHeader={t('locations.name')}
          name={(l) => l.name_text}
          editPath={(l) => `/${lang}/backend/course/location/${l.id}`}
          columns={[
            { header: t('locations.address'), cell: (l) => l.address ?? '–' },
            { header: t('locations.city'), cell: (l) => `${l.postal_code} ${l.city}` },
            { header: t('locations.country'), cell: (l) => l.country },
          ]}
          empty={{ title: t('locations.empty'), text: t('locations.emptyText') }}
        />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/course/location/{create|id}`. */
export function LocationPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => locationSchema(languages), [languages]);
  const country = useAppState().team?.billing_country ?? '';
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('locations.new') : t('locations.edit');
  return (
    <RequirePermission name="nav.locations">
      <PageFrame title={title}>
        <SetupRecordForm
          key={id ?? 'create'}
          resource={RESOURCES.locations}
          id={id}
          label={title}
          blank={blankLocation(languages, country)}
          toValues={(l) => locationToValues(l, languages)}
          toBody={locationBody}
          schema={schema}
          listPath={`/${lang}/backend/course/locations`}
          name={(l) => l.name_text}
        >
          <LocationFields languages={languages} />
        </SetupRecordForm>
      </PageFrame>
    </RequirePermission>
  );
}
