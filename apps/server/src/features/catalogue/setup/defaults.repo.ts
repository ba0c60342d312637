import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { courseDefaults } from '../../../db/schema/index.ts';

/** SQL of a team's course defaults (one row per team, created on first use). */

export type CourseDefaultsRow = typeof courseDefaults.$inferSelect;
export type CourseDefaultsValues = Omit<typeof courseDefaults.$inferInsert, 'teamId' | 'createdAt' | 'updatedAt'>;

export async function findDefaults(db: DbOrTx, teamId: number): Promise<CourseDefaultsRow | undefined> {
  const [row] = await db.select().from(courseDefaults).where(eq(courseDefaults.teamId, teamId));
  return row;
}

/** The team's row, inserted with the column defaults when missing (safe against a concurrent insert). */
export async function ensureDefaults(db: DbOrTx, teamId: number): Promise<CourseDefaultsRow> {
  await db.insert(courseDefaults).values({ teamId }).onConflictDoNothing({ target: courseDefaults.teamId });
  return (await findDefaults(db, teamId))!;
}

export async function upsertDefaults(db: DbOrTx, teamId: number, values: CourseDefaultsValues): Promise<CourseDefaultsRow> {
  const [row] = await db
    .insert(courseDefaults)
    .values({ ...values, teamId })
    .onConflictDoUpdate({ target: courseDefaults.teamId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
