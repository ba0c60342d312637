import type { Language } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { teamHolidays } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of a team's holidays. Every function takes the team id first. */

export type HolidayRow = typeof teamHolidays.$inferSelect;
export type HolidayValues = Pick<typeof teamHolidays.$inferInsert, 'name' | 'startsOn' | 'endsOn'>;

export interface HolidayListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'starts_on' | 'name'; type: 'asc' | 'desc' };
  filters: { name?: string | undefined };
  lang: Language;
}

export async function listHolidays(db: DbOrTx, teamId: number, q: HolidayListQuery): Promise<{ rows: HolidayRow[]; total: number }> {
  const where: SQL[] = [eq(teamHolidays.teamId, teamId)];
  if (q.filters.name) where.push(ilike(pickedText(teamHolidays.name, q.lang), likePattern(q.filters.name)));
  const sortColumn = { id: teamHolidays.id, starts_on: teamHolidays.startsOn, name: pickedText(teamHolidays.name, q.lang) }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(teamHolidays)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(teamHolidays.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(teamHolidays)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findHoliday(db: DbOrTx, teamId: number, id: number): Promise<HolidayRow | undefined> {
  const [row] = await db
    .select()
    .from(teamHolidays)
    .where(and(eq(teamHolidays.teamId, teamId), eq(teamHolidays.id, id)));
  return row;
}

/** Another holiday of the team with exactly this range (the table allows each range once). */
export async function findSameRange(db: DbOrTx, teamId: number, startsOn: string, endsOn: string): Promise<HolidayRow | undefined> {
  const [row] = await db
    .select()
    .from(teamHolidays)
    .where(and(eq(teamHolidays.teamId, teamId), eq(teamHolidays.startsOn, startsOn), eq(teamHolidays.endsOn, endsOn)));
  return row;
}

export async function insertHoliday(db: DbOrTx, teamId: number, values: HolidayValues): Promise<HolidayRow | undefined> {
  const [row] = await db
    .insert(teamHolidays)
    .values({ ...values, teamId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateHoliday(db: DbOrTx, teamId: number, id: number, values: HolidayValues): Promise<HolidayRow | undefined> {
  const [row] = await db
    .update(teamHolidays)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(teamHolidays.teamId, teamId), eq(teamHolidays.id, id)))
    .returning();
  return row;
}

export async function deleteHoliday(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(teamHolidays)
    .where(and(eq(teamHolidays.teamId, teamId), eq(teamHolidays.id, id)))
    .returning({ id: teamHolidays.id });
  return rows.length > 0;
}
