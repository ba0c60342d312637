import { shopApi } from '../api';
import { useTeamShop } from '../shop-context';
import { Field } from '../ui/field';
import { useFetch } from '../use-fetch';

export interface FilterValues {
  type: string;
  location: string;
  from: string;
  to: string;
}

/**
 * Type set, location and date range. (Filterable attributes are not offered: the public list
 * call takes no attribute filter yet, and filtering one page in the browser would be wrong.)
 */
export function Filters({ values, dates, onChange }: { values: FilterValues; dates: boolean; onChange(patch: Partial<FilterValues>): void }) {
  const { t, team, lang } = useTeamShop();
  const options = useFetch(`filters:${team.id}:${lang}`, (signal) => shopApi.filters(team.id, lang, signal));
  const typeSets = options.data?.type_sets ?? [];
  const locations = options.data?.locations ?? [];
  const active = values.type || values.location || (dates && (values.from || values.to));
  return (
    <form className="filters" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
      {typeSets.length > 1 && (
        <Field path="filter.type" label={t('filters.typeSet')}>
          {(p) => (
            <select {...p} value={values.type} onChange={(e) => onChange({ type: e.target.value })}>
              <option value="">{t('filters.all')}</option>
              {typeSets.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {locations.length > 1 && (
        <Field path="filter.location" label={t('filters.location')}>
          {(p) => (
            <select {...p} value={values.location} onChange={(e) => onChange({ location: e.target.value })}>
              <option value="">{t('filters.all')}</option>
              {locations.map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.city && l.city !== l.name ? `${l.name}, ${l.city}` : l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {dates && (
        <>
          <Field path="filter.from" label={t('filters.from')}>
            {(p) => <input {...p} type="date" value={values.from} max={values.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />}
          </Field>
          <Field path="filter.to" label={t('filters.to')}>
            {(p) => <input {...p} type="date" value={values.to} min={values.from || undefined} onChange={(e) => onChange({ to: e.target.value })} />}
          </Field>
        </>
      )}
      {active && (
        <button type="button" className="button button-link" onClick={() => onChange({ type: '', location: '', from: '', to: '' })}>
          {t('filters.reset')}
        </button>
      )}
    </form>
  );
}
