import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activityDefaults } from '../../../db/schema/index.ts';

/** SQL of a team's course defaults (one row per team, created on first use). */

export type ActivityDefaultsRow = typeof activityDefaults.$inferSelect;
export type ActivityDefaultsValues = Omit<typeof activityDefaults.$inferInsert, 'teamId' | 'createdAt' | 'updatedAt'>;

export async function findDefaults(db: DbOrTx, teamId: number): Promise<ActivityDefaultsRow | undefined> {
  const [row] = await db.select().from(activityDefaults).where(eq(activityDefaults.teamId, teamId));
  return row;
}

/** The team's row, inserted with the column defaults when missing (safe against a concurrent insert). */
export async function ensureDefaults(db: DbOrTx, teamId: number): Promise<ActivityDefaultsRow> {
  await db.insert(activityDefaults).values({ teamId }).onConflictDoNothing({ target: activityDefaults.teamId });
  return (await findDefaults(db, teamId))!;
}

export async function upsertDefaults(db: DbOrTx, teamId: number, values: ActivityDefaultsValues): Promise<ActivityDefaultsRow> {
  const [row] = await db
    .insert(activityDefaults)
    .values({ ...values, teamId })
    .onConflictDoUpdate({ target: activityDefaults.teamId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
