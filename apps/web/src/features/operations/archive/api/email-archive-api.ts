import {
  EMAIL_ARCHIVE_SORT_FIELDS,
  emailArchiveDetailSchema,
  emailArchiveItemSchema,
  emailResendReplySchema,
} from '@bookla/shared/email-archive';
import { dataReplySchema, listReplySchema } from '@bookla/shared/replies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';

/** Query keys of the email archive; under `team`, so a switch of company drops them. */
export const emailArchiveKeys = {
  all: ['team', 'email-archive'] as const,
  lists: () => [...emailArchiveKeys.all, 'list'] as const,
  list: (query: object) => [...emailArchiveKeys.lists(), query] as const,
  one: (id: number) => [...emailArchiveKeys.all, 'one', id] as const,
};

/** `/backend/archive/team`: newest first; searches on recipient and subject, choices for status, type and days. */
export const emailArchiveListConfig = defineList({
  sortFields: EMAIL_ARCHIVE_SORT_FIELDS,
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { recipient: 'text', subject: 'text', status: 'choice', kind: 'choice', from: 'choice', to: 'choice' },
});

export type EmailArchiveListParams = ListParams<(typeof EMAIL_ARCHIVE_SORT_FIELDS)[number], keyof typeof emailArchiveListConfig.filters>;

const listReply = listReplySchema(emailArchiveItemSchema);
const oneReply = dataReplySchema(emailArchiveDetailSchema);

export function useEmailArchiveList(params: EmailArchiveListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: emailArchiveKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/archive/emails', { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

/** One mail with its (neutralised) bodies; `null`: none open. */
export function useArchivedEmail(id: number | null) {
  return useQuery({
    queryKey: emailArchiveKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/archive/emails/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** Queues a new copy; the list then shows it (and the original, unchanged). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/archive/emails/${id}/resend`, undefined, { reply: emailResendReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailArchiveKeys.lists() }),
  });
}
