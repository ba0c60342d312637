import type { QueryParams } from '../api-client';

/**
 * A list screen's state (page, page size, sort, column filters) as it lives in the address:
 * `?page=2&perPage=25&sort=name&order=asc&status=published`. Values equal to the defaults are
 * left out, and malformed values read as the defaults, so any link opens something sensible.
 */

export type SortType = 'asc' | 'desc';

/** Spec §9: text filters fire after 1.5 s; checkbox, choice and date filters after 0.5 s. */
export const FILTER_DELAY = { text: 1500, choice: 500 } as const;
export type FilterKind = keyof typeof FILTER_DELAY;

export interface ListConfig<S extends string = string, F extends string = string> {
  /** The sort fields the server allows (CONTRACT §2: only whitelisted fields). */
  sortFields: readonly S[];
  defaultSort: { field: S; type: SortType };
  /** Default 10 (spec §9). */
  perPage?: number;
  /** Page sizes a link may ask for; others read as the default. */
  perPageOptions?: readonly number[];
  /** Each column filter and its kind (the kind picks the debounce delay). */
  filters: { readonly [K in F]: FilterKind };
}

export interface ListParams<S extends string = string, F extends string = string> {
  page: number;
  perPage: number;
  sort: { field: S; type: SortType };
  filters: Record<F, string>;
}

const RESERVED = new Set(['page', 'perPage', 'sort', 'order']);
export const DEFAULT_PER_PAGE = 10;
const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** Checks a list's config once, where it is written; returns it typed. */
export function defineList<S extends string, F extends string = never>(config: ListConfig<S, F>): ListConfig<S, F> {
  for (const key of Object.keys(config.filters)) {
    if (RESERVED.has(key)) throw new Error(`List filter "${key}" clashes with a list parameter`);
  }
  return config;
}

export function filterKeys<S extends string, F extends string>(config: ListConfig<S, F>): F[] {
  return Object.keys(config.filters) as F[];
}

export function defaultPerPage(config: ListConfig): number {
  return config.perPage ?? DEFAULT_PER_PAGE;
}

export function emptyFilters<F extends string>(config: ListConfig<string, F>): Record<F, string> {
  return Object.fromEntries(filterKeys(config).map((k) => [k, ''])) as Record<F, string>;
}

export function defaultListParams<S extends string, F extends string>(config: ListConfig<S, F>): ListParams<S, F> {
  return { page: 1, perPage: defaultPerPage(config), sort: { ...config.defaultSort }, filters: emptyFilters(config) };
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The address → the list's params; anything malformed falls back to its default. */
export function readListParams<S extends string, F extends string>(search: URLSearchParams, config: ListConfig<S, F>): ListParams<S, F> {
  const defaults = defaultListParams(config);
  const perPage = positiveInt(search.get('perPage'));
  const allowedSizes: readonly number[] = config.perPageOptions ?? PER_PAGE_OPTIONS;
  const field = search.get('sort');
  const order = search.get('order');
  const sortField = field !== null && (config.sortFields as readonly string[]).includes(field) ? (field as S) : null;
  const filters = { ...defaults.filters };
  for (const key of filterKeys(config)) filters[key] = (search.get(key) ?? '').slice(0, 200);
  return {
    page: positiveInt(search.get('page')) ?? 1,
    perPage: perPage !== null && allowedSizes.includes(perPage) ? perPage : defaults.perPage,
    sort: sortField ? { field: sortField, type: readOrder(order, 'asc') } : defaults.sort,
    filters,
  };
}

function readOrder(order: string | null, fallback: SortType): SortType {
  return order === 'asc' || order === 'desc' ? order : fallback;
}

/**
 * The list's params → the address, keeping parameters that are not the list's (a tab, a dialog).
 * Defaults are left out so a plain list has a plain address.
 */
export function writeListParams<S extends string, F extends string>(
  current: URLSearchParams,
  params: ListParams<S, F>,
  config: ListConfig<S, F>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('page', params.page > 1 ? String(params.page) : null);
  set('perPage', params.perPage !== defaultPerPage(config) ? String(params.perPage) : null);
  const defaultSort = params.sort.field === config.defaultSort.field && params.sort.type === config.defaultSort.type;
  set('sort', defaultSort ? null : params.sort.field);
  set('order', defaultSort ? null : params.sort.type);
  for (const key of filterKeys(config)) {
    const value = params.filters[key].trim();
    set(key, value === '' ? null : value);
  }
  return next;
}

export function hasActiveFilters(filters: Record<string, string>): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}

/** The list's filled-in filters as `columnFilters` (what an export of the same rows sends). */
export const columnFiltersOf = (params: ListParams) => (listApiQuery(params).columnFilters ?? {}) as Record<string, string>;

/** The list's params as the API's query (CONTRACT §2); empty filters are left out. */
export function listApiQuery(params: ListParams, extraFilters?: (filters: Record<string, string>) => QueryParams): QueryParams {
  const columnFilters = Object.fromEntries(
    Object.entries(params.filters)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );
  return {
    page: params.page,
    perPage: params.perPage,
    sort: { field: params.sort.field, type: params.sort.type },
    ...(extraFilters ? extraFilters(columnFilters) : { columnFilters }),
  };
}
