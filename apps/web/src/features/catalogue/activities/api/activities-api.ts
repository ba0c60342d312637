import { ACTIVITY_SORT_FIELDS } from '@bookla/shared/catalogue-model';
import type { ActivityListItem, ActivityStoreBody } from '@bookla/shared/catalogue';
import type { ActivityMassAction } from '@bookla/shared/catalogue-activities';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, lazySchemas, type QueryParams } from '../../../../lib/api-client';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';

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

/** The calls' schemas, loaded only where they are checked (activities-schemas.ts). */
const schema = lazySchemas(() => import('./activities-schemas'));
/** Parent candidates: the first page of the largest size (a search narrows them). */
const FIRST_100 = { page: 1, perPage: 100 };

/** `GET /api/courses` with the list conventions (CONTRACT §2); empty filters are left out. */
export function useActivityList(params: ActivityListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: activityKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/courses', { signal, query, reply: schema('listReply') }),
    placeholderData: keepPreviousData,
  });
}

export function useMassActivityAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: ActivityMassAction; ids: number[] }) =>
      api.post('/api/courses/mass', input, { body: schema('massBody'), reply: schema('massReply') }),
    // Lists and every activity shown (its status, or it is gone).
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivityStoreBody) =>
      api.post('/api/course/store', input, { body: schema('storeBody'), reply: schema('storeReply') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
  });
}

export function useActivity(id: number) {
  return useQuery({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/courses/${id}`, { signal, reply: schema('detailReply') }).then((r) => r.data),
    enabled: id > 0,
  });
}

/** `PUT /api/courses/:id`: only the sent keys change. */
export function useUpdateActivity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.put(`/api/courses/${id}`, input, { body: schema('updateBody'), reply: schema('detailSaved') }),
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
    queryFn: ({ signal }) => api.get(`/api/courses/${id}/attributes`, { signal, reply: schema('attributesReply') }).then((r) => r.data),
  });
}

export function useSaveActivityAttributes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { attribute_id: number; value: unknown }[]) =>
      api.put(`/api/courses/${id}/attributes`, { values }, { body: schema('attributesBody'), reply: schema('attributesSaved') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.one(id) }),
  });
}

export function useUploadHeaderImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/api/courses/${id}/header-image`, body, { reply: schema('headerImageSaved') });
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
    mutationFn: () => api.delete(`/api/courses/${id}/header-image`, undefined, { reply: schema('removed') }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]),
  });
}

export function useInstructorOptions(enabled = true) {
  return useQuery({
    queryKey: activityKeys.instructors(),
    queryFn: ({ signal }) => api.get('/api/course/instructors', { signal, reply: schema('instructorsReply') }).then((r) => r.data),
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
          reply: schema('listReply'),
        })
        .then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}
