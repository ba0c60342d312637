import type { DashboardChecklist, StatisticsReport, StatisticsInterval, StatisticsTable } from '@bookla/shared/statistics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, lazySchemas, toQueryString } from '../../../../lib/api-client';
import { getAppState, setAppState } from '../../../../lib/app-state';

/** The calls' schemas, loaded only where they are checked (statistics-schemas.ts). */
const schema = lazySchemas(() => import('./statistics-schemas'));

/** Query keys of the statistics; under `team`, so a switch of company drops them. */
export const statisticsKeys = {
  all: ['team', 'statistics'] as const,
  dashboard: () => [...statisticsKeys.all, 'dashboard'] as const,
  sales: (from: string, to: string) => [...statisticsKeys.all, 'sales', from, to] as const,
  report: (query: ReportParams, lang: string) => [...statisticsKeys.all, 'report', query, lang] as const,
  checklist: () => [...statisticsKeys.all, 'checklist'] as const,
  latestOrders: (lang: string) => ['team', 'orders', 'latest', lang] as const,
};

export interface ReportParams {
  from: string;
  to: string;
  interval: StatisticsInterval;
}

/** Spec §2: the dashboard's four figures. */
export function useDashboardStatistics() {
  return useQuery({
    queryKey: statisticsKeys.dashboard(),
    queryFn: ({ signal }) => api.get('/api/statistics/dashboard', { signal, reply: schema('dashboardReply') }),
  });
}

/** The sales and orders charts: every day from `from` to `to` (team time zone). */
export function useSalesStatistics(from: string, to: string) {
  return useQuery({
    queryKey: statisticsKeys.sales(from, to),
    queryFn: ({ signal }) => api.get('/api/statistics/sales', { signal, query: { from, to }, reply: schema('salesReply') }),
    placeholderData: keepPreviousData,
    enabled: Boolean(from && to && from <= to),
  });
}

/** `/backend/statistics`: totals, buckets and breakdowns of a range. */
export function useStatisticsReport(params: ReportParams, lang: string) {
  return useQuery({
    queryKey: statisticsKeys.report(params, lang),
    queryFn: async ({ signal }): Promise<StatisticsReport> =>
      (await api.get('/api/statistics/report', { signal, query: { ...params }, reply: schema('reportReply') })).data,
    placeholderData: keepPreviousData,
    enabled: Boolean(params.from && params.to && params.from <= params.to),
  });
}

/** A plain link to one table as CSV (same origin: the session cookie goes along). */
export function statisticsExportUrl(params: ReportParams, table: StatisticsTable, language: string): string {
  return `/api/statistics/export?${toQueryString({ ...params, table, language })}`;
}

export function useChecklist() {
  return useQuery({
    queryKey: statisticsKeys.checklist(),
    queryFn: ({ signal }) => api.get('/api/dashboard/checklist', { signal, reply: schema('checklistReply') }).then((r) => r.data),
  });
}

/** Dismisses (true) or shows again (false) the checklist: the team's `checklist_completed`. */
export function useSetChecklistCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completed: boolean) =>
      api.put('/api/dashboard/checklist', { completed }, { body: schema('checklistBody'), reply: schema('checklistSaved') }),
    onSuccess: (reply) => {
      queryClient.setQueryData<DashboardChecklist>(statisticsKeys.checklist(), reply.data);
      const { team } = getAppState();
      if (team) setAppState({ team: { ...team, checklist_completed: reply.data.completed } });
    },
  });
}

/** The dashboard's box: the latest orders (spec §9: newest first, the list's own order). */
export function useLatestOrders(lang: string, count = 8) {
  return useQuery({
    queryKey: statisticsKeys.latestOrders(lang),
    queryFn: ({ signal }) =>
      api.get('/api/orders', {
        signal,
        query: { perPage: count, sort: { field: 'id', type: 'desc' } },
        reply: schema('ordersReply'),
      }),
  });
}
