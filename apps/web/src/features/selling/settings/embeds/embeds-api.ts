import type { Language } from '@bookla/shared/i18n';
import { publicFiltersSchema } from '@bookla/shared/selling';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { sellingSettingsKeys } from '../api/settings-api';

/**
 * What an embed can show, as the embed itself sees it (the public API): the type sets and
 * locations its filters offer, and the published activities one embed can be about.
 */

const embedKeys = {
  filters: (teamId: number, lang: Language) => [...sellingSettingsKeys.all, 'embeds', teamId, 'filters', lang] as const,
  activities: (teamId: number, lang: Language) => [...sellingSettingsKeys.all, 'embeds', teamId, 'activities', lang] as const,
};

const filtersReplySchema = z.object({ data: publicFiltersSchema });
const activityNamesReplySchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export function useEmbedFilters(teamId: number, lang: Language) {
  return useQuery({
    queryKey: embedKeys.filters(teamId, lang),
    queryFn: ({ signal }) =>
      api.get(`/api/public/teams/${teamId}/filters`, { signal, query: { lang }, reply: filtersReplySchema }).then((r) => r.data),
  });
}

/** The published activities (the first 100, as the public list sorts them), by name. */
export function useEmbedActivities(teamId: number, lang: Language) {
  return useQuery({
    queryKey: embedKeys.activities(teamId, lang),
    queryFn: ({ signal }) =>
      api
        .get(`/api/public/teams/${teamId}/activities`, { signal, query: { lang, perPage: 100 }, reply: activityNamesReplySchema })
        .then((r) => r.data),
  });
}
