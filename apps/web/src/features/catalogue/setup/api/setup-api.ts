import type { ListMeta, ListResponse } from '@bookla/shared/pagination';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';

/**
 * The setup screens' calls. Every screen is one REST resource with the same verbs (list, read,
 * create, change, delete), so the hooks are generic over a resource's paths.
 */
export interface SetupResource {
  /** Query-key name; everything of a resource is refetched after a change to it. */
  key: string;
  /** `GET` list (and `POST` create unless `createPath` differs). */
  listPath: string;
  createPath?: string;
  /** `GET/PUT/DELETE` of one record. */
  recordPath: (id: number) => string;
  /** The list's search text as query parameters (`search` unless the API filters otherwise). */
  searchQuery?: (text: string) => QueryParams;
}

export interface Success<T = unknown> {
  success: true;
  message?: string;
  data?: T;
}

export const RESOURCES = {
  typeSets: {
    key: 'type-sets',
    listPath: '/api/course/type_sets/list',
    createPath: '/api/course/type_sets',
    recordPath: (id) => `/api/course/type_sets/${id}`,
  },
  attributes: { key: 'attributes', listPath: '/api/course/attributes', recordPath: (id) => `/api/course/attributes/${id}` },
  fields: { key: 'fields', listPath: '/api/course/fields', recordPath: (id) => `/api/course/fields/${id}` },
  products: { key: 'products', listPath: '/api/course/options', recordPath: (id) => `/api/course/options/${id}` },
  locations: {
    key: 'locations',
    listPath: '/api/course/locations',
    recordPath: (id) => `/api/course/locations/${id}`,
    // The locations list filters by column rather than one search text.
    searchQuery: (text) => ({ columnFilters: { name: text } }),
  },
  resources: {
    key: 'resources',
    listPath: '/api/sa/resources',
    recordPath: (id) => `/api/sa/resources/${id}`,
    searchQuery: (text) => ({ columnFilters: { name: text } }),
  },
  holidays: { key: 'holidays', listPath: '/api/config/holidays', recordPath: (id) => `/api/config/holidays/${id}` },
} satisfies Record<string, SetupResource>;

/** Everything of the setup lives under `team`, so a switch of company drops it. */
export const setupKeys = {
  all: ['team', 'catalogue-setup'] as const,
  resource: (r: SetupResource) => [...setupKeys.all, r.key] as const,
  list: (r: SetupResource, lang: string, params: object) => [...setupKeys.resource(r), 'list', lang, params] as const,
  all_items: (r: SetupResource, lang: string) => [...setupKeys.resource(r), 'all', lang] as const,
  record: (r: SetupResource, id: number, lang: string) => [...setupKeys.resource(r), 'record', id, lang] as const,
  defaults: () => [...setupKeys.all, 'defaults'] as const,
};

/** A reply without `meta` (a short, unpaginated list) is one page holding everything. */
function asList<T>(reply: { data: T[]; meta?: ListMeta }): { data: T[]; meta: ListMeta } {
  if (reply.meta) return { data: reply.data, meta: reply.meta };
  const total = reply.data.length;
  return { data: reply.data, meta: { current_page: 1, last_page: 1, per_page: total, from: total ? 1 : null, to: total || null, total } };
}

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
}

export function useSetupList<T>(resource: SetupResource, params: ListParams) {
  const lang = useLang();
  const text = params.search.trim();
  const query: QueryParams = {
    page: params.page,
    perPage: params.perPage,
    ...(text ? (resource.searchQuery?.(text) ?? { search: text }) : {}),
  };
  return useQuery<{ data: T[]; meta: ListMeta }>({
    queryKey: setupKeys.list(resource, lang, query),
    queryFn: ({ signal }) => api.get<{ data: T[]; meta?: ListMeta }>(resource.listPath, { signal, query }).then(asList),
    // The old page stays on screen while the next one loads (no flicker when paging or searching).
    placeholderData: keepPreviousData,
  });
}

/** Every record of a resource (for selects and pickers), page by page up to a sane limit. */
export function useAllSetupItems<T>(resource: SetupResource, enabled = true) {
  const lang = useLang();
  return useQuery({
    queryKey: setupKeys.all_items(resource, lang),
    enabled,
    queryFn: async ({ signal }) => {
      const items: T[] = [];
      for (let page = 1; page <= 20; page++) {
        const reply = asList(await api.get<ListResponse<T>>(resource.listPath, { signal, query: { page, perPage: 100 } }));
        items.push(...reply.data);
        if (page >= reply.meta.last_page) break;
      }
      return items;
    },
  });
}

export function useSetupRecord<T>(resource: SetupResource, id: number | null) {
  const lang = useLang();
  return useQuery({
    queryKey: setupKeys.record(resource, id ?? 0, lang),
    queryFn: ({ signal }) => api.get<{ data: T }>(resource.recordPath(id ?? 0), { signal }).then((r) => r.data),
    enabled: id !== null,
    // A form is filled from it once; a background refetch must not look like a change.
    staleTime: Infinity,
  });
}

/** `POST` (no id) or `PUT` (an id) of a record. */
export function useSaveSetupRecord<T extends { id: number }>(resource: SetupResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
      id === null
        ? api.post<Success<T>>(resource.createPath ?? resource.listPath, body)
        : api.put<Success<T>>(resource.recordPath(id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.resource(resource) }),
  });
}

export function useDeleteSetupRecord(resource: SetupResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Success>(resource.recordPath(id)),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: [...setupKeys.resource(resource), 'record', id] });
      return queryClient.invalidateQueries({ queryKey: setupKeys.resource(resource) });
    },
  });
}
