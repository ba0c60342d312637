import type { DateFormatPreference, Language } from '@bookla/shared';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** SQL of the user's own profile and sessions. Every function takes the user id first. */

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  userId: number,
  values: {
    salutation: string;
    firstname: string;
    lastname: string;
    language: Language;
    dateFormat?: Exclude<DateFormatPreference, 'auto'> | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Sessions of the user that are still alive (absolute expiry and inactivity). */
export async function listSessions(db: DbOrTx, userId: number, activeSince: Date, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, activeSince)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes the user's sessions whose stored id starts with the prefix; returns how many. */
export async function deleteSessionsByPrefix(db: DbOrTx, userId: number, prefix: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), like(sessions.id, `${prefix}%`)))
    .returning({ id: sessions.id });
  return rows.length;
}
