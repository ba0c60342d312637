import {
  PLATFORM_INVOICE_SORT_FIELDS,
  platformInvoiceSchema,
  platformStatementResultSchema,
  platformStatementRunSchema,
  platformStatisticsSchema,
  platformSyncAllResultSchema,
  teamPlatformInvoiceSchema,
  type PlatformInvoice,
  type PlatformStatistics,
} from '@bookla/shared/platform';
import { dataReplySchema, listReplySchema, successDataSchema } from '@bookla/shared/replies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, toQueryString } from '../../../lib/api-client';
import { useLang } from '../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../lib/list/list-params';

/**
 * The platform's invoices (CONTRACT §6). Internal staff's keys are not under `team` (they span
 * every company); the company's own are, so a switch of company drops them.
 */
export const platformKeys = {
  all: ['platform'] as const,
  invoices: (query: object) => [...platformKeys.all, 'invoices', query] as const,
  statistics: () => [...platformKeys.all, 'statistics'] as const,
  team: (query: object) => ['team', 'platform-invoices', query] as const,
};

/** `/backend/bexio`: newest month first; the company as text (1.5 s), the others as choices (0.5 s). */
export const platformInvoiceListConfig = defineList({
  sortFields: PLATFORM_INVOICE_SORT_FIELDS,
  defaultSort: { field: 'month', type: 'desc' },
  filters: { team: 'text', month: 'choice', bexio_status: 'choice', status: 'choice' },
});
export type PlatformInvoiceListParams = ListParams<
  (typeof PLATFORM_INVOICE_SORT_FIELDS)[number],
  keyof typeof platformInvoiceListConfig.filters
>;

/** Billing tab: the company's invoices, newest month first, no filters. */
export const teamInvoiceListConfig = defineList({
  sortFields: PLATFORM_INVOICE_SORT_FIELDS,
  defaultSort: { field: 'month', type: 'desc' },
  filters: {},
});
type TeamInvoiceListParams = ListParams<(typeof PLATFORM_INVOICE_SORT_FIELDS)[number], never>;

const invoiceList = listReplySchema(platformInvoiceSchema);
const teamInvoiceList = listReplySchema(teamPlatformInvoiceSchema);
/** A changed invoice: the record, bare or in the `{success, message, data}` envelope. */
const changedInvoice = z.union([platformInvoiceSchema, successDataSchema(platformInvoiceSchema), dataReplySchema(platformInvoiceSchema)]);
const invoiceOf = (reply: z.infer<typeof changedInvoice>): PlatformInvoice => ('data' in reply ? reply.data : reply);
const statisticsReply = z.union([platformStatisticsSchema, dataReplySchema(platformStatisticsSchema)]);

export function usePlatformInvoices(params: PlatformInvoiceListParams) {
  const lang = useLang();
  const query = { ...listApiQuery(params), language: lang };
  return useQuery({
    queryKey: platformKeys.invoices(query),
    queryFn: ({ signal }) => api.get('/api/platform/invoices', { signal, query, reply: invoiceList }),
    placeholderData: keepPreviousData,
  });
}

export function usePlatformStatistics() {
  return useQuery({
    queryKey: platformKeys.statistics(),
    queryFn: ({ signal }) =>
      api.get('/api/platform/statistics', { signal, reply: statisticsReply }).then((r): PlatformStatistics => ('data' in r ? r.data : r)),
  });
}

/** The file of the list's rows as they are filtered and sorted (all pages). */
export function platformExportUrl(params: PlatformInvoiceListParams, format: 'csv' | 'xlsx', lang: string): string {
  const { sort, columnFilters } = listApiQuery(params);
  return `/api/platform/invoices/export?${toQueryString({ format, sort, columnFilters, language: lang })}`;
}

export function usePlatformActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: platformKeys.all });
  return {
    runStatements: useMutation({
      mutationFn: (month: string) =>
        api.post('/api/platform/statements', { month }, { body: platformStatementRunSchema, reply: platformStatementResultSchema }),
      onSuccess: refresh,
    }),
    sync: useMutation({
      mutationFn: (id: number) => api.post(`/api/platform/invoices/${id}/sync`, undefined, { reply: changedInvoice }).then(invoiceOf),
      onSettled: refresh,
    }),
    syncFailed: useMutation({
      mutationFn: () => api.post('/api/platform/invoices/sync-failed', undefined, { reply: platformSyncAllResultSchema }),
      onSuccess: refresh,
    }),
    markPaid: useMutation({
      mutationFn: (id: number) => api.post(`/api/platform/invoices/${id}/paid`, undefined, { reply: changedInvoice }).then(invoiceOf),
      onSuccess: refresh,
    }),
  };
}

export function useTeamPlatformInvoices(params: TeamInvoiceListParams) {
  const lang = useLang();
  const query = { ...listApiQuery(params), language: lang };
  return useQuery({
    queryKey: platformKeys.team(query),
    queryFn: ({ signal }) => api.get('/api/team/platform-invoices', { signal, query, reply: teamInvoiceList }),
    placeholderData: keepPreviousData,
  });
}
