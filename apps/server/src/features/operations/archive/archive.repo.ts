import type { EmailArchiveSortField } from '@bookla/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { emails, orders } from '../../../db/schema/index.ts';
import { likePattern } from '../../../lib/sql.ts';

/**
 * SQL of a company's email archive: the rows of the mail outbox (`emails`) whose `team_id` is the
 * company's — the mails its orders and staff caused. Mails without a company (a staff member's own
 * verification or password reset) are nobody's archive. Every function takes the team id first.
 */

export type EmailRow = typeof emails.$inferSelect;
/** A list row: everything but the bodies. */
export type EmailListRow = Omit<EmailRow, 'textBody' | 'htmlBody' | 'teamId' | 'userId' | 'messageId'>;

export interface ArchiveListQuery {
  page: number;
  perPage: number;
  sort: { field: EmailArchiveSortField; type: 'asc' | 'desc' };
  filters: {
    recipient?: string;
    subject?: string;
    /** Stored statuses (`pending`, `sent`, `kept`, `failed`). */
    statuses?: string[];
    kinds?: string[];
    /** Created at or after. */
    from?: Date;
    /** Created before. */
    before?: Date;
  };
}

const listColumns = {
  id: emails.id,
  kind: emails.kind,
  language: emails.language,
  fromAddress: emails.fromAddress,
  toAddress: emails.toAddress,
  subject: emails.subject,
  attachments: emails.attachments,
  status: emails.status,
  attempts: emails.attempts,
  lastError: emails.lastError,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
};

export async function listEmails(db: DbOrTx, teamId: number, q: ArchiveListQuery): Promise<{ rows: EmailListRow[]; total: number }> {
  const f = q.filters;
  const where: SQL[] = [eq(emails.teamId, teamId)];
  if (f.recipient) where.push(ilike(emails.toAddress, likePattern(f.recipient)));
  if (f.subject) where.push(ilike(emails.subject, likePattern(f.subject)));
  if (f.statuses) where.push(inArray(emails.status, f.statuses));
  if (f.kinds) where.push(inArray(emails.kind, f.kinds));
  if (f.from) where.push(gte(emails.createdAt, f.from));
  if (f.before) where.push(lt(emails.createdAt, f.before));
  const sortColumn: SQL = {
    created_at: sql`${emails.createdAt}`,
    id: sql`${emails.id}`,
    recipient: sql`lower(${emails.toAddress})`,
    subject: sql`lower(${emails.subject})`,
    status: sql`${emails.status}`,
    kind: sql`${emails.kind}`,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select(listColumns)
    .from(emails)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(emails.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findEmail(db: DbOrTx, teamId: number, id: number): Promise<EmailRow | undefined> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.teamId, teamId), eq(emails.id, id)));
  return row;
}

/** The numbers of the company's orders with these ids (others' ids are simply not found). */
export async function orderNumbers(db: DbOrTx, teamId: number, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(rows.map((r) => [r.id, r.number]));
}
