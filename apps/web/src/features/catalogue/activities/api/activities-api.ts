import {
  ACTIVITY_SORT_FIELDS,
  activityListItemSchema,
  activityStoreReplySchema,
  locationItemSchema,
  typeSetItemSchema,
  type ActivityListItem,
  type ActivityStoreBody,
} from '@bookla/shared/catalogue';
import {
  activityDetailSchema,
  activityMassReplySchema,
  headerImageSchema,
  instructorItemSchema,
  type ActivityMassAction,
} from '@bookla/shared/catalogue-activities';
import { activityAttributeItemSchema } from '@bookla/shared/catalogue-setup';
import { dataReplySchema, listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type QueryParams } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { RESOURCES, setupKeys } from '../../setup';

/**
 * Query keys of the activities area, all under `activities`. One activity's records live under
 * `activityKeys.one(id)` (the timetable's, tickets' and fields' keys of its tabs extend it), so a
 * change of the activity refreshes every tab. Options of setup records (type sets, locations)
 * are the setup's keys, so a change there refreshes the selects here.
 */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...activityKeys.lists(), query] as const,
  parents: (search: string) => [...activityKeys.all, 'parents', search] as const,
  one: (id: number) => [...activityKeys.all, 'one', id] as const,
  detail: (id: number) => [...activityKeys.one(id), 'detail'] as const,
  attributes: (id: number) => [...activityKeys.one(id), 'attributes'] as const,
  instructors: () => [...activityKeys.all, 'instructors'] as const,
};

/** `/backend/courses`: its address state (spec §9: 10 a page; the server's sort fields). */
export const activityListConfig = defineList({
  sortFields: ACTIVITY_SORT_FIELDS,
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { name: 'text', status: 'choice', type_set_id: 'choice', location_id: 'choice' },
});

export type ActivityListParams = ListParams<(typeof ACTIVITY_SORT_FIELDS)[number], keyof typeof activityListConfig.filters>;

const activityListReply = listReplySchema(activityListItemSchema);
const activityDetailReply = dataReplySchema(activityDetailSchema);
const attributesReply = dataReplySchema(z.array(activityAttributeItemSchema));
const TYPE_SET_OPTIONS = '/api/course/type_sets';
/** Parent candidates: the first page of the largest size (a search narrows them). */
const FIRST_100 = { page: 1, perPage: 100 };

/** `GET /api/courses` with the list conventions (CONTRACT §2); empty filters are left out. */
export function useActivityList(params: ActivityListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: activityKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/courses', { signal, query, reply: activityListReply }),
    placeholderData: keepPreviousData,
  });
}

export function useMassActivityAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: ActivityMassAction; ids: number[] }) =>
      api.post('/api/courses/mass', input, { reply: activityMassReplySchema }),
    // Lists and every activity shown (its status, or it is gone).
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export function useTypeSetOptions(enabled = true) {
  const lang = useLang();
  // The spec's short list of names (`GET /api/course/type_sets`), cached with the type sets.
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.typeSets, lang, TYPE_SET_OPTIONS),
    path: TYPE_SET_OPTIONS,
    item: typeSetItemSchema,
    enabled,
  });
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivityStoreBody) => api.post('/api/course/store', input, { reply: activityStoreReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
  });
}

export function useActivity(id: number) {
  return useQuery({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/courses/${id}`, { signal, reply: activityDetailReply }).then((r) => r.data),
    enabled: id > 0,
  });
}

/** `PUT /api/courses/:id`: only the sent keys change. */
export function useUpdateActivity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.put(`/api/courses/${id}`, input, { reply: successDataSchema(activityDetailSchema) }),
    onSuccess: (reply) => {
      queryClient.setQueryData(activityKeys.detail(id), reply.data);
      // The whole activity: a new type set brings other attributes and fields.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]);
    },
  });
}

export function useActivityAttributes(id: number) {
  return useQuery({
    queryKey: activityKeys.attributes(id),
    queryFn: ({ signal }) => api.get(`/api/courses/${id}/attributes`, { signal, reply: attributesReply }).then((r) => r.data),
  });
}

export function useSaveActivityAttributes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { attribute_id: number; value: unknown }[]) =>
      api.put(`/api/courses/${id}/attributes`, { values }, { reply: successDataSchema(z.array(activityAttributeItemSchema)) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.one(id) }),
  });
}

export function useUploadHeaderImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/api/courses/${id}/header-image`, body, { reply: successDataSchema(headerImageSchema) });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]),
  });
}

export function useRemoveHeaderImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/courses/${id}/header-image`, undefined, { reply: successSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]),
  });
}

/** Locations for selects; `enabled` false for roles without `nav.locations`. */
export function useLocationOptions(enabled = true) {
  const lang = useLang();
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.locations, lang),
    path: RESOURCES.locations.listPath,
    item: locationItemSchema,
    enabled,
  });
}

export function useInstructorOptions(enabled = true) {
  return useQuery({
    queryKey: activityKeys.instructors(),
    queryFn: ({ signal }) =>
      api.get('/api/course/instructors', { signal, reply: dataReplySchema(z.array(instructorItemSchema)) }).then((r) => r.data),
    enabled,
  });
}

/** Candidates for the parent activity: the first 100 matching the name typed. */
export function useParentOptions(search: string, enabled = true) {
  return useQuery<ActivityListItem[]>({
    queryKey: activityKeys.parents(search),
    queryFn: ({ signal }) =>
      api
        .get('/api/courses', {
          signal,
          query: { ...FIRST_100, sort: { field: 'name', type: 'asc' }, columnFilters: { name: search } },
          reply: activityListReply,
        })
        .then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}
