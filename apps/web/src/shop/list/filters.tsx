import type { PublicFilters } from '@bookla/shared/selling';
import { shopApi } from '../api';
import { useTeamShop } from '../shop-context';
import { Field } from '../ui/field';
import { useFetch, type FetchState } from '../use-fetch';

export interface FilterValues {
  type: string;
  location: string;
  from: string;
  to: string;
  /** Filterable attributes: id → chosen value. */
  attr: Record<string, string>;
}

/** `attr[12]` in the address ↔ attribute 12 (the list call's own parameter names). */
export const attrParam = (id: number | string) => `attr[${id}]`;
export const ATTR_PARAM = /^attr\[(\d{1,10})\]$/;

/** The choices the filters offer (what the team's published activities use). */
export function useFilterOptions(): FetchState<PublicFilters> {
  const { team, lang } = useTeamShop();
  return useFetch(`filters:${team.id}:${lang}`, (signal) => shopApi.filters(team.id, lang, signal));
}

/**
 * Type set, location, date range and the team's filterable attributes (only what published
 * activities use, as the server lists them). Each filter shows only when it has a choice to make.
 */
export function Filters({
  options,
  values,
  dates,
  onChange,
}: {
  /** From `useFilterOptions` (the list page waits for them, so the filters never push the list down). */
  options: PublicFilters | undefined;
  values: FilterValues;
  dates: boolean;
  onChange(patch: Record<string, string>): void;
}) {
  const { t } = useTeamShop();
  const typeSets = options?.type_sets ?? [];
  const locations = options?.locations ?? [];
  const attributes = (options?.attributes ?? []).filter((a) => a.options.length > 1 || values.attr[String(a.id)]);
  const active = values.type || values.location || Object.keys(values.attr).length || (dates && (values.from || values.to));
  const reset = () =>
    onChange({
      type: '',
      location: '',
      from: '',
      to: '',
      ...Object.fromEntries(Object.keys(values.attr).map((id) => [attrParam(id), ''])),
    });
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
      {attributes.map((a) => (
        <Field key={a.id} path={`filter.attr.${a.id}`} label={a.name}>
          {(p) => (
            <select {...p} value={values.attr[String(a.id)] ?? ''} onChange={(e) => onChange({ [attrParam(a.id)]: e.target.value })}>
              <option value="">{t('filters.all')}</option>
              {a.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
      {dates && (
        <>
          <Field path="filter.from" label={t('filters.from')}>
            {(p) => (
              <input
                {...p}
                type="date"
                value={values.from}
                max={values.to || undefined}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            )}
          </Field>
          <Field path="filter.to" label={t('filters.to')}>
            {(p) => (
              <input
                {...p}
                type="date"
                value={values.to}
                min={values.from || undefined}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            )}
          </Field>
        </>
      )}
      {active && (
        <button type="button" className="button button-link" onClick={reset}>
          {t('filters.reset')}
        </button>
      )}
    </form>
  );
}
