import type { Language } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { entryFilters } from './waitinglist-admin.service.ts';
import { countEntries, entryBatch } from './waitinglist-list.repo.ts';

/**
 * The waiting list as an export (operations/exports, type `waiting_list`, `nav.customers.waitinglist`):
 * the rows of the screen's filters, in line order, with place in line, status and offer.
 */

const BATCH = 500;

/** A column and a cell as the exports' sheet writers take them (operations/exports). */
export interface ExportColumn {
  header: string;
  kind: 'text' | 'integer' | 'money' | 'datetime';
  width?: number;
}
export type Cell = string | number | Date | null | undefined;

export interface WaitingListExport {
  columns: ExportColumn[];
  sheetName: string;
  total: number;
  batches(): AsyncGenerator<Cell[][]>;
}

export async function waitingListExportSource(
  db: DbOrTx,
  teamId: number,
  columnFilters: Record<string, string>,
  lang: Language,
): Promise<WaitingListExport> {
  const f = entryFilters(columnFilters);
  const t = (key: string) => translate(lang, `waitinglist:export.${key}`);
  const col = (key: string, kind: ExportColumn['kind'] = 'text', width?: number): ExportColumn => ({
    header: t(`columns.${key}`),
    kind,
    width,
  });
  const columns = [
    col('activity', 'text', 30),
    col('session', 'datetime'),
    col('position', 'integer', 8),
    col('status', 'text', 14),
    col('lastname', 'text', 16),
    col('firstname', 'text', 16),
    col('email', 'text', 28),
    col('language', 'text', 8),
    col('quantity', 'integer', 8),
    col('created_at', 'datetime'),
    col('offered_at', 'datetime'),
    col('offer_expires_at', 'datetime'),
    col('order_number', 'integer', 10),
  ];
  return {
    columns,
    sheetName: t('sheet'),
    total: await countEntries(db, teamId, f),
    async *batches() {
      let after: number | null = null;
      for (;;) {
        const rows = await entryBatch(db, teamId, f, after, BATCH, lang);
        if (!rows.length) return;
        after = rows.at(-1)!.id;
        yield rows.map((r): Cell[] => [
          r.activityName,
          r.sessionStartsAt,
          r.position,
          t(`status.${r.status}`),
          r.lastname,
          r.firstname,
          r.email,
          r.language,
          r.quantity,
          r.createdAt,
          r.offeredAt,
          r.offerExpiresAt,
          r.orderNumber,
        ]);
        if (rows.length < BATCH) return;
      }
    },
  };
}
