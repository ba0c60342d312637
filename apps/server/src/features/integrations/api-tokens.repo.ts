import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema/index.ts';

/** SQL of the team's API tokens; every function takes the team first (another team's: nothing). */

export async function listActive(db: Db, teamId: number) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      lastFour: apiTokens.lastFour,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      creatorFirstname: users.firstname,
      creatorLastname: users.lastname,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));
}

export async function countActive(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function insert(db: Db, values: typeof apiTokens.$inferInsert): Promise<number> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!.id;
}

/** Revokes an active token of the team; false when there is none (unknown, another team's, revoked). */
export async function revoke(db: Db, teamId: number, id: number): Promise<boolean> {
  const gone = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.teamId, teamId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return gone.length > 0;
}
