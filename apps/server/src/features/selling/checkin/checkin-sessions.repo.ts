import { PAID_STATUSES, type PaymentStatus } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern } from '../../../lib/sql.ts';

/**
 * SQL of the scanner's sessions: the dates a door person checks in for, and each date's
 * participants. A date's participants hold a ticket for that date, or one for the whole activity
 * (`order_items.session_id` null). Items are reached through the activity's tickets (indexed),
 * participants through their order (indexed). Every function takes the team id first.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const paid = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Only activities this user is assigned to (role instructor); null: every activity of the team. */
export type InstructorId = number | null;

const instructorOnly = (teamId: number, instructorId: InstructorId, activityId: SQL) =>
  instructorId === null
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM activity_instructors ai
        WHERE ai.team_id = ${teamId} AND ai.activity_id = ${activityId} AND ai.user_id = ${instructorId})`;

/** Order items of session `s` (an alias in scope): tickets for that date or for the whole activity. */
const itemsOfSession = (teamId: number) => sql`
  i.team_id = ${teamId}
  AND i.ticket_id IN (SELECT t.id FROM tickets t WHERE t.team_id = ${teamId} AND t.activity_id = s.activity_id)
  AND (i.session_id = s.id OR (i.session_id IS NULL AND i.activity_id = s.activity_id))
  AND NOT o.is_test`; // test-mode orders hold no valid ticket: not on the door's list, not counted (issue 20)

export interface SessionRow {
  id: number;
  activityId: number;
  activityName: Record<string, string>;
  startsAt: Date;
  endsAt: Date;
  expected: number;
  checkedIn: number;
}

export interface SessionListQuery {
  page: number;
  perPage: number;
  sort: { field: 'starts_at' | 'id'; type: 'asc' | 'desc' };
  from: Date;
  /** Exclusive; null: no end. */
  to: Date | null;
  activityId?: number;
  name?: string;
  instructorId: InstructorId;
}

export async function listSessions(db: DbOrTx, teamId: number, q: SessionListQuery): Promise<{ rows: SessionRow[]; total: number }> {
  const where: SQL[] = [
    sql`s.team_id = ${teamId}`,
    sql`s.status = 'scheduled'`,
    sql`s.starts_at >= ${q.from.toISOString()}::timestamptz`,
    instructorOnly(teamId, q.instructorId, sql`s.activity_id`),
  ];
  if (q.to) where.push(sql`s.starts_at < ${q.to.toISOString()}::timestamptz`);
  if (q.activityId !== undefined) where.push(sql`s.activity_id = ${q.activityId}`);
  if (q.name) where.push(sql`EXISTS (SELECT 1 FROM jsonb_each_text(a.name) n WHERE n.value ILIKE ${likePattern(q.name)})`);
  const filter = sql.join(where, sql` AND `);
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const order = q.sort.field === 'id' ? sql`s.id ${dir}` : sql`s.starts_at ${dir}, s.id ${dir}`;
  const result = await db.execute(sql`
    SELECT s.id, s.activity_id, a.name AS activity_name, s.starts_at, s.ends_at, c.expected, c.checked_in
    FROM activity_sessions s
    JOIN activities a ON a.id = s.activity_id AND a.team_id = ${teamId}
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE o.payment_status IN (${paid}))::int AS expected,
        count(*) FILTER (WHERE o.payment_status IN (${paid}) AND p.checked_in_at IS NOT NULL)::int AS checked_in
      FROM order_items i
      JOIN orders o ON o.id = i.order_id AND o.team_id = ${teamId}
      JOIN order_participants p ON p.order_id = i.order_id AND p.order_item_id = i.id AND p.team_id = ${teamId}
      WHERE ${itemsOfSession(teamId)}
    ) c
    WHERE ${filter}
    ORDER BY ${order}
    LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`);
  const count = await db.execute(sql`
    SELECT count(*)::int AS n FROM activity_sessions s JOIN activities a ON a.id = s.activity_id AND a.team_id = ${teamId}
    WHERE ${filter}`);
  const rows = rowsOf<{
    id: number;
    activity_id: number;
    activity_name: Record<string, string>;
    starts_at: Date | string;
    ends_at: Date | string;
    expected: number | string;
    checked_in: number | string;
  }>(result).map((r) => ({
    id: Number(r.id),
    activityId: Number(r.activity_id),
    activityName: r.activity_name,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    expected: Number(r.expected),
    checkedIn: Number(r.checked_in),
  }));
  return { rows, total: Number(rowsOf<{ n: number | string }>(count)[0]?.n ?? 0) };
}

export interface SessionRef {
  id: number;
  activityId: number;
}

/** The session if it is the team's and (for an instructor) of one of their activities. */
export async function findSession(
  db: DbOrTx,
  teamId: number,
  sessionId: number,
  instructorId: InstructorId,
): Promise<SessionRef | undefined> {
  const result = await db.execute(sql`
    SELECT s.id, s.activity_id FROM activity_sessions s
    WHERE s.team_id = ${teamId} AND s.id = ${sessionId} AND ${instructorOnly(teamId, instructorId, sql`s.activity_id`)}`);
  const row = rowsOf<{ id: number; activity_id: number }>(result)[0];
  return row && { id: Number(row.id), activityId: Number(row.activity_id) };
}

export interface SessionTicketRow {
  codeHash: string;
  firstname: string;
  lastname: string;
  ticketName: Record<string, string>;
  orderNumber: number;
  paymentStatus: PaymentStatus;
  checkedInAt: Date | null;
}

export interface SessionTicketQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'lastname'; type: 'asc' | 'desc' };
  codeHash?: string;
}

/** Hex SHA-256 of the code, as the scanner computes it (`@bookla/shared` checkin.ts). */
const codeHash = sql`encode(sha256(convert_to(p.ticket_code, 'UTF8')), 'hex')`;

/** The session's participants (every payment status), with hashed codes only. */
export async function listSessionTickets(
  db: DbOrTx,
  teamId: number,
  session: SessionRef,
  q: SessionTicketQuery,
): Promise<{ rows: SessionTicketRow[]; total: number }> {
  const where = sql`${itemsOfSession(teamId)}${q.codeHash === undefined ? sql`` : sql` AND ${codeHash} = ${q.codeHash}`}`;
  const from = sql`
    FROM (SELECT ${session.id}::int AS id, ${session.activityId}::int AS activity_id) s
    JOIN order_items i ON true
    JOIN orders o ON o.id = i.order_id AND o.team_id = ${teamId}
    JOIN order_participants p ON p.order_id = i.order_id AND p.order_item_id = i.id AND p.team_id = ${teamId}`;
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const order = q.sort.field === 'lastname' ? sql`lower(p.lastname) ${dir}, lower(p.firstname) ${dir}, p.id ${dir}` : sql`p.id ${dir}`;
  const result = await db.execute(sql`
    SELECT ${codeHash} AS code_hash, p.firstname, p.lastname, i.ticket_name, o.number, o.payment_status, p.checked_in_at
    ${from}
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`);
  const count = await db.execute(sql`SELECT count(*)::int AS n ${from} WHERE ${where}`);
  const rows = rowsOf<{
    code_hash: string;
    firstname: string;
    lastname: string;
    ticket_name: Record<string, string>;
    number: number;
    payment_status: PaymentStatus;
    checked_in_at: Date | string | null;
  }>(result).map((r) => ({
    codeHash: r.code_hash,
    firstname: r.firstname,
    lastname: r.lastname,
    ticketName: r.ticket_name,
    orderNumber: Number(r.number),
    paymentStatus: r.payment_status,
    checkedInAt: r.checked_in_at === null ? null : new Date(r.checked_in_at),
  }));
  return { rows, total: Number(rowsOf<{ n: number | string }>(count)[0]?.n ?? 0) };
}
