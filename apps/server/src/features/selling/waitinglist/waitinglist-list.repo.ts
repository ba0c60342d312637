import type { Language, WaitingListActor, WaitingListEventType, WaitingListSortField, WaitingListStatus } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/**
 * SQL of the back office's waiting list: entries with their activity, date, order number and
 * place in line (counted over the line's index), filtered, sorted and paged; an entry's history;
 * what the filters offer. Every function takes the team id first.
 */

export interface EntryFilters {
  activityId?: number;
  /** A date's line, or `none`: the whole-activity line. */
  sessionId?: number | 'none';
  statuses?: WaitingListStatus[];
  search?: string;
}

export interface EntryListRow {
  id: number;
  activityId: number;
  activityName: string;
  sessionId: number | null;
  sessionStartsAt: Date | null;
  firstname: string;
  lastname: string;
  email: string;
  language: Language;
  quantity: number;
  status: WaitingListStatus;
  position: number | null;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  orderId: number | null;
  orderNumber: number | null;
  createdAt: Date;
  updatedAt: Date;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function whereOf(teamId: number, f: EntryFilters): SQL {
  const parts: SQL[] = [sql`e.team_id = ${teamId}`];
  if (f.activityId !== undefined) parts.push(sql`e.activity_id = ${f.activityId}`);
  if (f.sessionId === 'none') parts.push(sql`e.session_id IS NULL`);
  else if (f.sessionId !== undefined) parts.push(sql`e.session_id = ${f.sessionId}`);
  if (f.statuses) {
    if (!f.statuses.length) parts.push(sql`false`);
    else
      parts.push(
        sql`e.status IN (${sql.join(
          f.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql`(e.email ILIKE ${p} OR (e.firstname || ' ' || e.lastname) ILIKE ${p} OR (e.lastname || ' ' || e.firstname) ILIKE ${p})`);
  }
  return sql.join(parts, sql` AND `);
}

const SORT: Record<WaitingListSortField, SQL> = {
  id: sql`e.id`,
  created_at: sql`e.created_at`,
  lastname: sql`lower(e.lastname)`,
  activity_name: sql`activity_name`,
  status: sql`e.status`,
  quantity: sql`e.quantity`,
};

const select = (lang: string) => sql`SELECT e.id, e.activity_id, ${pickedText(sql`a.name`, lang)} AS activity_name, e.session_id,
    s.starts_at AS session_starts_at, e.firstname, e.lastname, e.email, e.language, e.quantity, e.status,
    CASE WHEN e.status = 'waiting' THEN (SELECT count(*) FROM waiting_list_entries w
      WHERE w.team_id = e.team_id AND w.activity_id = e.activity_id AND w.session_id IS NOT DISTINCT FROM e.session_id
        AND w.status = 'waiting' AND w.id <= e.id) END AS position,
    e.offered_at, e.offer_expires_at, e.order_id, o.number AS order_number, e.created_at, e.updated_at
  FROM waiting_list_entries e
  JOIN activities a ON a.id = e.activity_id AND a.team_id = e.team_id
  LEFT JOIN activity_sessions s ON s.id = e.session_id AND s.team_id = e.team_id
  LEFT JOIN orders o ON o.id = e.order_id AND o.team_id = e.team_id`;

function toRow(r: Raw): EntryListRow {
  return {
    id: Number(r.id),
    activityId: Number(r.activity_id),
    activityName: String(r.activity_name ?? ''),
    sessionId: num(r.session_id),
    sessionStartsAt: date(r.session_starts_at),
    firstname: String(r.firstname),
    lastname: String(r.lastname),
    email: String(r.email),
    language: String(r.language) as Language,
    quantity: Number(r.quantity),
    status: String(r.status) as WaitingListStatus,
    position: num(r.position),
    offeredAt: date(r.offered_at),
    offerExpiresAt: date(r.offer_expires_at),
    orderId: num(r.order_id),
    orderNumber: num(r.order_number),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}

export async function entryPage(
  db: DbOrTx,
  teamId: number,
  f: EntryFilters,
  q: { page: number; perPage: number; sort: { field: WaitingListSortField; type: 'asc' | 'desc' } },
  lang: Language,
): Promise<{ rows: EntryListRow[]; total: number }> {
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const [page, total] = await Promise.all([
    db.execute(sql`${select(lang)} WHERE ${whereOf(teamId, f)}
      ORDER BY ${SORT[q.sort.field]} ${dir}, e.id ${dir} LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`),
    db.execute(sql`SELECT count(*)::int AS n FROM waiting_list_entries e WHERE ${whereOf(teamId, f)}`),
  ]);
  return { rows: rowsOf(page).map(toRow), total: Number(rowsOf(total)[0]?.n ?? 0) };
}

export async function countEntries(db: DbOrTx, teamId: number, f: EntryFilters): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM waiting_list_entries e WHERE ${whereOf(teamId, f)}`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** Export batches: activity, line, line order (id), after the last id of the previous batch. */
export async function entryBatch(
  db: DbOrTx,
  teamId: number,
  f: EntryFilters,
  afterId: number | null,
  limit: number,
  lang: Language,
): Promise<EntryListRow[]> {
  const after = afterId === null ? sql`` : sql` AND e.id > ${afterId}`;
  const result = await db.execute(sql`${select(lang)} WHERE ${whereOf(teamId, f)}${after} ORDER BY e.id LIMIT ${limit}`);
  return rowsOf(result).map(toRow);
}

export async function oneEntry(db: DbOrTx, teamId: number, id: number, lang: Language): Promise<EntryListRow | undefined> {
  const result = await db.execute(sql`${select(lang)} WHERE e.team_id = ${teamId} AND e.id = ${id}`);
  const row = rowsOf(result)[0];
  return row ? toRow(row) : undefined;
}

export interface EventRow {
  id: number;
  type: WaitingListEventType;
  actor: WaitingListActor;
  userName: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

export async function eventsOf(db: DbOrTx, teamId: number, entryId: number): Promise<EventRow[]> {
  const result = await db.execute(sql`SELECT v.id, v.type, v.actor, v.data, v.created_at,
      CASE WHEN u.id IS NULL THEN NULL ELSE u.firstname || ' ' || u.lastname END AS user_name
    FROM waiting_list_events v LEFT JOIN users u ON u.id = v.user_id
    WHERE v.team_id = ${teamId} AND v.entry_id = ${entryId} ORDER BY v.id`);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    type: String(r.type) as WaitingListEventType,
    actor: String(r.actor) as WaitingListActor,
    userName: r.user_name === null ? null : String(r.user_name),
    data: (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>,
    createdAt: date(r.created_at)!,
  }));
}

/** Activities with the waiting list on or with entries (newest first), and one activity's dates. */
export async function filterOptions(db: DbOrTx, teamId: number, activityId: number | undefined, lang: Language) {
  const [activities, sessions] = await Promise.all([
    db.execute(sql`SELECT a.id, ${pickedText(sql`a.name`, lang)} AS name, a.waiting_list FROM activities a
      WHERE a.team_id = ${teamId} AND (a.waiting_list OR EXISTS (SELECT 1 FROM waiting_list_entries e WHERE e.team_id = ${teamId}
        AND e.activity_id = a.id))
      ORDER BY a.created_at DESC, a.id DESC LIMIT 500`),
    activityId === undefined
      ? Promise.resolve(undefined)
      : db.execute(sql`SELECT s.id, s.starts_at, s.status FROM activity_sessions s
          WHERE s.team_id = ${teamId} AND s.activity_id = ${activityId} ORDER BY s.starts_at LIMIT 1000`),
  ]);
  return {
    activities: rowsOf(activities).map((r) => ({ id: Number(r.id), name: String(r.name ?? ''), waitingList: Boolean(r.waiting_list) })),
    sessions: sessions
      ? rowsOf(sessions).map((r) => ({ id: Number(r.id), startsAt: date(r.starts_at)!, cancelled: r.status === 'cancelled' }))
      : [],
  };
}
