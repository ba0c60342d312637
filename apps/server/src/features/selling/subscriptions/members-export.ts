import { pickText, type Language } from '@bookla/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { teams } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { translate } from '../../../lib/i18n.ts';
import * as repo from './subscriptions.repo.ts';
import { memberStatusFilter } from './subscriptions.service.ts';

/**
 * A subscription's members as an export (operations/exports, type `subscription_members`,
 * `nav.subscriptions`): the rows of the members list's filters (`subscription_id` required;
 * `search`, `status`, `tier_id`), oldest first. Feature off: 403 like the list; another team's
 * subscription: 404.
 */

const BATCH = 500;

/** A column and a cell as the exports' sheet writers take them (operations/exports). */
export interface ExportColumn {
  header: string;
  kind: 'text' | 'integer' | 'money' | 'datetime';
  width?: number;
}
export type Cell = string | number | Date | null | undefined;

export async function membersExportSource(db: DbOrTx, teamId: number, columnFilters: Record<string, string>, lang: Language) {
  const [team] = await db
    .select({ on: sql<boolean>`coalesce((${teams.features}->>'subscriptions')::boolean, false)` })
    .from(teams)
    .where(and(eq(teams.id, teamId)));
  if (!team?.on) throw new AppError('FORBIDDEN', 'subscriptions:feature_off');
  const sid = columnFilters.subscription_id?.trim() ?? '';
  const found = /^\d{1,9}$/.test(sid) ? await repo.findSubscription(db, teamId, Number(sid)) : undefined;
  if (!found) throw notFound();
  const status = memberStatusFilter(columnFilters.status);
  const tier = columnFilters.tier_id?.trim();
  const tierId = tier ? (/^\d{1,9}$/.test(tier) ? Number(tier) : -1) : undefined;
  const none = status === null || tierId === -1;
  const query = (page: number, perPage: number) =>
    repo.listMembers(db, teamId, found.row.id, {
      page,
      perPage,
      sort: { field: 'id', type: 'asc' },
      search: columnFilters.search?.trim() || undefined,
      status: status ?? undefined,
      tierId,
    });
  const t = (key: string) => translate(lang, `subscriptions:export.${key}`);
  const col = (key: string, kind: ExportColumn['kind'] = 'text', width?: number): ExportColumn => ({
    header: t(`columns.${key}`),
    kind,
    width,
  });
  return {
    columns: [
      col('subscription', 'text', 24),
      col('tier', 'text', 20),
      col('status', 'text', 14),
      col('lastname', 'text', 16),
      col('firstname', 'text', 16),
      col('email', 'text', 28),
      col('period_start', 'datetime'),
      col('period_end', 'datetime'),
      col('credits_left', 'integer', 10),
      col('renews', 'text', 10),
      col('created_at', 'datetime'),
    ],
    sheetName: t('sheet'),
    total: none ? 0 : (await query(1, 1)).total,
    async *batches(): AsyncGenerator<Cell[][]> {
      if (none) return;
      const subscription = pickText(found.row.name, lang);
      for (let page = 1; ; page++) {
        const { rows } = await query(page, BATCH);
        if (!rows.length) return;
        yield rows.map(({ row, firstname, lastname, email, tierName }): Cell[] => [
          subscription,
          pickText(tierName, lang),
          t(`status.${row.status}`),
          lastname,
          firstname,
          email,
          row.currentPeriodStart,
          row.currentPeriodEnd,
          row.creditsLeft ?? t('unlimited'),
          t(row.cancelAtPeriodEnd || row.status === 'cancelled' || row.status === 'expired' ? 'no' : 'yes'),
          row.createdAt,
        ]);
        if (rows.length < BATCH) return;
      }
    },
  };
}
