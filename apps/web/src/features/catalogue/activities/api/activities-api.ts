import type { CourseDetail, CourseMassAction, MassRefusal } from '@bookla/shared/catalogue-activities';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../../lib/api-client';
import type {
  CourseAttribute,
  CourseListParams,
  CourseRow,
  InstructorOption,
  ListMeta,
  LocationOption,
  Success,
  TypeSetOption,
} from '../types';

/**
 * Query keys of the activities area. One activity's records live under `['course', id]` (the
 * edit tabs' keys share that root), so a change of the activity refreshes every tab.
 */
export const courseKeys = {
  lists: ['courses'] as const,
  list: (params: CourseListParams) => [...courseKeys.lists, 'list', params] as const,
  parents: (search: string) => [...courseKeys.lists, 'parents', search] as const,
  one: (id: number) => ['course', id] as const,
  detail: (id: number) => [...courseKeys.one(id), 'detail'] as const,
  attributes: (id: number) => [...courseKeys.one(id), 'attributes'] as const,
  typeSets: ['catalogue', 'type-sets-options'] as const,
  locations: ['catalogue', 'location-options'] as const,
  instructors: ['catalogue', 'instructors'] as const,
};

const ALL = { page: 1, perPage: 100 };

/** `GET /api/courses` with the list conventions (CONTRACT §2); empty filters are left out. */
export function courseListQuery(params: CourseListParams): QueryParams {
  const columnFilters = Object.fromEntries(Object.entries(params.filters).filter(([, v]) => v !== ''));
  return { page: params.page, perPage: params.perPage, sort: params.sort, columnFilters };
}

export function useCourseList(params: CourseListParams) {
  return useQuery({
    queryKey: courseKeys.list(params),
    queryFn: ({ signal }) => api.get<{ data: CourseRow[]; meta: ListMeta }>('/api/courses', { signal, query: courseListQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

export function useMassCourseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: CourseMassAction; ids: number[] }) =>
      api.post<Success & { affected?: number; published?: number[]; refused?: MassRefusal[] }>('/api/courses/mass', input),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: courseKeys.lists }), queryClient.invalidateQueries({ queryKey: ['course'] })]),
  });
}

export function useTypeSetOptions(enabled = true) {
  return useQuery({
    queryKey: courseKeys.typeSets,
    queryFn: ({ signal }) => api.get<{ data: TypeSetOption[] }>('/api/course/type_sets', { signal }).then((r) => r.data),
    enabled,
  });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type_set_id: number | string; name: Record<string, string> }) =>
      api.post<Success & { course_id?: number }>('/api/course/store', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.lists }),
  });
}

export function useCourse(id: number) {
  return useQuery({
    queryKey: courseKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: CourseDetail }>(`/api/courses/${id}`, { signal }).then((r) => r.data),
    enabled: id > 0,
  });
}

/** `PUT /api/courses/:id`: only the sent keys change. */
export function useUpdateCourse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => api.put<Success & { data?: CourseDetail }>(`/api/courses/${id}`, input),
    onSuccess: (reply) => {
      if (reply.data) queryClient.setQueryData(courseKeys.detail(id), reply.data);
      // The whole activity: a new type set brings other attributes and fields.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.lists }),
      ]);
    },
  });
}

export function useCourseAttributes(id: number) {
  return useQuery({
    queryKey: courseKeys.attributes(id),
    queryFn: ({ signal }) => api.get<{ data: CourseAttribute[] }>(`/api/courses/${id}/attributes`, { signal }).then((r) => r.data),
  });
}

export function useSaveCourseAttributes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { attribute_id: number; value: unknown }[]) => api.put<Success>(`/api/courses/${id}/attributes`, { values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.one(id) }),
  });
}

export function useUploadHeaderImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<Success>(`/api/courses/${id}/header-image`, body);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.lists }),
      ]),
  });
}

export function useRemoveHeaderImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Success>(`/api/courses/${id}/header-image`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.lists }),
      ]),
  });
}

/** Locations for selects; `enabled` false for roles without `nav.locations`. */
export function useLocationOptions(enabled = true) {
  return useQuery({
    queryKey: courseKeys.locations,
    queryFn: ({ signal }) => api.get<{ data: LocationOption[] }>('/api/course/locations', { signal, query: ALL }).then((r) => r.data),
    enabled,
  });
}

export function useInstructorOptions(enabled = true) {
  return useQuery({
    queryKey: courseKeys.instructors,
    queryFn: ({ signal }) =>
      api
        .get<{ data: InstructorOption[] } | InstructorOption[]>('/api/course/instructors', { signal })
        .then((r) => (Array.isArray(r) ? r : r.data)),
    enabled,
  });
}

/** Candidates for the parent activity: the first 100 matching the name typed. */
export function useParentOptions(search: string, enabled = true) {
  return useQuery<CourseRow[]>({
    queryKey: courseKeys.parents(search),
    queryFn: ({ signal }) =>
      api
        .get<{
          data: CourseRow[];
        }>('/api/courses', { signal, query: { ...ALL, sort: { field: 'name', type: 'asc' }, columnFilters: { name: search } } })
        .then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}
