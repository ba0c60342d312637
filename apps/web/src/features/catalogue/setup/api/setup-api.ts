import { LOCATION_SORT_FIELDS, locationBodySchema, locationItemSchema } from '@bookla/shared/catalogue';
import {
  ATTRIBUTE_SORT_FIELDS,
  attributeBodySchema,
  attributeItemSchema,
  FIELD_SORT_FIELDS,
  fieldBodySchema,
  fieldItemSchema,
  TYPE_SET_SORT_FIELDS,
  typeSetBodySchema,
  typeSetCreateBodySchema,
  typeSetDetailSchema,
  typeSetListItemSchema,
} from '@bookla/shared/catalogue-setup';
import { PRODUCT_SORT_FIELDS, productInputSchema, productItemSchema } from '@bookla/shared/catalogue-tickets';
import {
  HOLIDAY_SORT_FIELDS,
  holidayBodySchema,
  holidayItemSchema,
  RESOURCE_GROUP_SORT_FIELDS,
  resourceGroupBodySchema,
  resourceGroupItemSchema,
} from '@bookla/shared/catalogue-timetable';
import { dataReplySchema, listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListConfig, type ListParams, type SortType } from '../../../../lib/list/list-params';
import { useAllOptions } from '../../../../lib/list/use-all-options';

/**
 * The setup screens' calls. Every screen is one REST resource with the same verbs (list, read,
 * create, change, delete), so the hooks are generic over a resource's paths.
 */
export interface SetupResource<I extends Row = Row, L extends Row = Row, B extends z.ZodType = z.ZodType, C extends z.ZodType = B> {
  /** Query-key name; everything of a resource is refetched after a change to it. */
  key: string;
  /** `GET` list (and `POST` create unless `createPath` differs). */
  listPath: string;
  createPath?: string;
  /** `GET/PUT/DELETE` of one record. */
  recordPath: (id: number) => string;
  /** The list's search text as query parameters (`search` unless the API filters otherwise). */
  searchQuery?: (text: string) => QueryParams;
  /** The list screen's address state: the server's sort fields and the search filter. */
  list: ListConfig;
  /** The sort field of the name column. */
  nameSort: string;
  /** The shared schema of one record (`GET`/`POST`/`PUT` of a record). */
  item: z.ZodType<I>;
  /** The shared schema of a list row (the list endpoint's `data[]`). */
  listItem: z.ZodType<L>;
  /** The shared request schema of `PUT` of a record, as the server reads it (and of `POST` unless `createBody` differs). */
  body: B;
  createBody?: C;
}

/** What every record of a setup resource has. */
export interface Row {
  id: number;
}

const searchable = <S extends string>(sortFields: readonly S[], field: S, type: SortType) =>
  defineList({ sortFields, defaultSort: { field, type }, filters: { search: 'text' } });

export const RESOURCES = {
  typeSets: {
    key: 'type-sets',
    listPath: '/api/course/type_sets/list',
    createPath: '/api/course/type_sets',
    recordPath: (id) => `/api/course/type_sets/${id}`,
    list: searchable(TYPE_SET_SORT_FIELDS, 'sort', 'asc'),
    nameSort: 'name',
    item: typeSetDetailSchema,
    listItem: typeSetListItemSchema,
    body: typeSetBodySchema,
    createBody: typeSetCreateBodySchema,
  },
  attributes: {
    key: 'attributes',
    listPath: '/api/course/attributes',
    recordPath: (id) => `/api/course/attributes/${id}`,
    list: searchable(ATTRIBUTE_SORT_FIELDS, 'sort', 'asc'),
    nameSort: 'label',
    item: attributeItemSchema,
    listItem: attributeItemSchema,
    body: attributeBodySchema,
  },
  fields: {
    key: 'fields',
    listPath: '/api/course/fields',
    recordPath: (id) => `/api/course/fields/${id}`,
    list: searchable(FIELD_SORT_FIELDS, 'sort', 'asc'),
    nameSort: 'label',
    item: fieldItemSchema,
    listItem: fieldItemSchema,
    body: fieldBodySchema,
  },
  products: {
    key: 'products',
    listPath: '/api/course/options',
    recordPath: (id) => `/api/course/options/${id}`,
    list: searchable(PRODUCT_SORT_FIELDS, 'created_at', 'desc'),
    nameSort: 'name',
    item: productItemSchema,
    listItem: productItemSchema,
    body: productInputSchema,
  },
  locations: {
    key: 'locations',
    listPath: '/api/course/locations',
    recordPath: (id) => `/api/course/locations/${id}`,
    // The locations list filters by column rather than one search text.
    searchQuery: (text) => ({ columnFilters: { name: text } }),
    list: searchable(LOCATION_SORT_FIELDS, 'created_at', 'desc'),
    nameSort: 'name',
    item: locationItemSchema,
    listItem: locationItemSchema,
    body: locationBodySchema,
  },
  resources: {
    key: 'resources',
    listPath: '/api/sa/resources',
    recordPath: (id) => `/api/sa/resources/${id}`,
    searchQuery: (text) => ({ columnFilters: { name: text } }),
    list: searchable(RESOURCE_GROUP_SORT_FIELDS, 'created_at', 'desc'),
    nameSort: 'name',
    item: resourceGroupItemSchema,
    listItem: resourceGroupItemSchema,
    body: resourceGroupBodySchema,
  },
  holidays: {
    key: 'holidays',
    listPath: '/api/config/holidays',
    recordPath: (id) => `/api/config/holidays/${id}`,
    list: defineList({ sortFields: HOLIDAY_SORT_FIELDS, defaultSort: { field: 'starts_on', type: 'desc' }, filters: {} }),
    nameSort: 'name',
    item: holidayItemSchema,
    listItem: holidayItemSchema,
    body: holidayBodySchema,
  },
} satisfies Record<string, SetupResource>;

/** Everything of the setup lives under `team`, so a switch of company drops it. */
export const setupKeys = {
  all: ['team', 'catalogue-setup'] as const,
  resource: (r: SetupResource) => [...setupKeys.all, r.key] as const,
  list: (r: SetupResource, lang: string, params: object) => [...setupKeys.resource(r), 'list', lang, params] as const,
  /** Every record of a list endpoint (select options); `path` when a resource has another list for choices. */
  options: (r: SetupResource, lang: string, path: string = r.listPath) => [...setupKeys.resource(r), 'options', lang, path] as const,
  record: (r: SetupResource, id: number, lang: string) => [...setupKeys.resource(r), 'record', id, lang] as const,
  defaults: () => [...setupKeys.all, 'defaults'] as const,
};

/** One page of a setup list as its screen's address says (page, sort, search). */
export function useSetupList<L extends Row>(resource: SetupResource<Row, L>, params: ListParams) {
  const lang = useLang();
  const query = listApiQuery(params, ({ search }) => (search ? (resource.searchQuery?.(search) ?? { search }) : {}));
  return useQuery({
    queryKey: setupKeys.list(resource, lang, query),
    queryFn: ({ signal }) => api.get(resource.listPath, { signal, query, reply: listReplySchema(resource.listItem) }),
    // The old page stays on screen while the next one loads (no flicker when paging or searching).
    placeholderData: keepPreviousData,
  });
}

/** Every record of a resource (for selects and pickers), however many pages. */
export function useAllSetupItems<L extends Row>(resource: SetupResource<Row, L>, enabled = true) {
  const lang = useLang();
  return useAllOptions({ queryKey: setupKeys.options(resource, lang), path: resource.listPath, item: resource.listItem, enabled });
}

export function useSetupRecord<I extends Row>(resource: SetupResource<I>, id: number | null) {
  const lang = useLang();
  return useQuery({
    queryKey: setupKeys.record(resource, id ?? 0, lang),
    queryFn: ({ signal }) => api.get(resource.recordPath(id ?? 0), { signal, reply: dataReplySchema(resource.item) }).then((r) => r.data),
    enabled: id !== null,
    // A form is filled from it once; a background refetch must not look like a change.
    staleTime: Infinity,
  });
}

/**
 * `POST` (no id) or `PUT` (an id) of a record; the body is the resource's shared request schema's
 * input (`createBody` for a new record where the server reads another one).
 */
export type SetupSave<B extends z.ZodType = z.ZodType, C extends z.ZodType = B> =
  | { id: null; body: z.input<C> }
  | { id: number; body: z.input<B> };

export function useSaveSetupRecord<I extends Row, B extends z.ZodType = z.ZodType, C extends z.ZodType = B>(
  resource: SetupResource<I, Row, B, C>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SetupSave<B, C> | { id: number | null; body: z.input<B> & z.input<C> }) => {
      const reply = successDataSchema(resource.item);
      return save.id === null
        ? api.post(resource.createPath ?? resource.listPath, save.body as z.input<C>, { body: resource.createBody ?? resource.body, reply })
        : api.put(resource.recordPath(save.id), save.body as z.input<B>, { body: resource.body, reply });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.resource(resource) }),
  });
}

export function useDeleteSetupRecord(resource: SetupResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(resource.recordPath(id), undefined, { reply: successSchema }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: [...setupKeys.resource(resource), 'record', id] });
      return queryClient.invalidateQueries({ queryKey: setupKeys.resource(resource) });
    },
  });
}
