import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  FILTER_DELAY,
  filterKeys,
  hasActiveFilters,
  readListParams,
  writeListParams,
  type ListConfig,
  type ListParams,
} from './list-params';

interface Pending {
  value: string;
  /** Written to the address already (the input keeps the text as typed, spaces and all). */
  committed: boolean;
}

export interface ListState<S extends string, F extends string> {
  /** What the list shows and fetches: read from the address. */
  params: ListParams<S, F>;
  /** What the filter inputs show: the typed value at once, before the debounce writes it. */
  inputs: Record<F, string>;
  /** Sets a filter's input now and the address after the spec's delay for its kind (page 1). */
  setFilter: (key: F, value: string) => void;
  /** Writes a filter at once (Enter in a search box). */
  flushFilter: (key: F) => void;
  resetFilters: () => void;
  /** Whether any filter applies (the empty state then says "no matches"). */
  filtered: boolean;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPerPage: (perPage: number) => void;
  /** A click on a column header: that field ascending, or the other direction when it is the current one. */
  toggleSort: (field: S) => void;
}

/**
 * A list's page, page size, sort and column filters, kept in the address so a reload, a link or
 * back/forward shows the same list. Filters are debounced (spec §9: text 1.5 s, choices 0.5 s);
 * a changed filter starts again on page 1.
 *
 * `config` must be stable (define it once with `defineList` at module level).
 */
export function useListParams<S extends string, F extends string>(config: ListConfig<S, F>): ListState<S, F> {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search, config), [search, config]);
  const [pending, setPending] = useState<Partial<Record<F, Pending>>>({});
  const timers = useRef(new Map<F, ReturnType<typeof setTimeout>>());
  // Timers fire after renders; they must write through the newest setter (it reads the newest address).
  const latestSetSearch = useRef(setSearch);
  useEffect(() => {
    latestSetSearch.current = setSearch;
  });
  useEffect(() => {
    const running = timers.current;
    return () => running.forEach((timer) => clearTimeout(timer));
  }, []);

  const update = useCallback(
    (change: (current: ListParams<S, F>) => ListParams<S, F> | null, replace = false) => {
      latestSetSearch.current(
        (prev) => {
          const next = change(readListParams(prev, config));
          return next ? writeListParams(prev, next, config) : prev;
        },
        { replace },
      );
    },
    [config],
  );

  const commitFilter = useCallback(
    (key: F, value: string) => {
      timers.current.delete(key);
      update((current) =>
        current.filters[key] === value.trim() ? null : { ...current, page: 1, filters: { ...current.filters, [key]: value.trim() } },
      );
      setPending((p) => ({ ...p, [key]: { value, committed: true } }));
    },
    [update],
  );

  const setFilter = useCallback(
    (key: F, value: string) => {
      clearTimeout(timers.current.get(key));
      setPending((p) => ({ ...p, [key]: { value, committed: false } }));
      timers.current.set(
        key,
        setTimeout(() => commitFilter(key, value), FILTER_DELAY[config.filters[key]]),
      );
    },
    [commitFilter, config],
  );

  const flushFilter = useCallback(
    (key: F) => {
      const entry = pending[key];
      if (!entry || entry.committed) return;
      clearTimeout(timers.current.get(key));
      commitFilter(key, entry.value);
    },
    [commitFilter, pending],
  );

  const resetFilters = useCallback(() => {
    timers.current.forEach((timer) => clearTimeout(timer));
    timers.current.clear();
    setPending({});
    update((current) => ({
      ...current,
      page: 1,
      filters: Object.fromEntries(filterKeys(config).map((k) => [k, ''])) as Record<F, string>,
    }));
  }, [config, update]);

  const inputs = useMemo(() => {
    const out = { ...params.filters };
    for (const key of filterKeys(config)) {
      const entry = pending[key];
      // A committed value shows as typed while the address still holds it; after back/forward the address wins.
      if (entry && (!entry.committed || entry.value.trim() === params.filters[key])) out[key] = entry.value;
    }
    return out;
  }, [config, params.filters, pending]);

  return {
    params,
    inputs,
    setFilter,
    flushFilter,
    resetFilters,
    filtered: hasActiveFilters(params.filters),
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update((current) => ({ ...current, page: Math.max(1, page) }), options?.replace),
      [update],
    ),
    setPerPage: useCallback((perPage: number) => update((current) => ({ ...current, page: 1, perPage })), [update]),
    toggleSort: useCallback(
      (field: S) =>
        update((current) => ({
          ...current,
          page: 1,
          sort: { field, type: current.sort.field === field && current.sort.type === 'asc' ? 'desc' : 'asc' },
        })),
      [update],
    ),
  };
}
