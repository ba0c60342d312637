import type { Language, Role } from '@bookla/shared';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invitations, teamMembers, teams, users } from '../../db/schema/index.ts';

/** SQL of invitations. Team-owned queries take the team id first. */

export type InvitationRow = typeof invitations.$inferSelect;

const byEmail = (column: typeof users.email | typeof invitations.email, email: string) => sql`lower(${column}) = lower(${email})`;
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** Not accepted and not revoked (pending and expired ones), newest first, with the inviter's name. */
export async function listOpen(db: DbOrTx, teamId: number, onlyId?: number): Promise<(InvitationRow & { inviter: string | null })[]> {
  const rows = await db
    .select({ invitation: invitations, firstname: users.firstname, lastname: users.lastname })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.teamId, teamId), open, onlyId === undefined ? undefined : eq(invitations.id, onlyId)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((r) => ({ ...r.invitation, inviter: r.firstname === null ? null : `${r.firstname} ${r.lastname}`.trim() }));
}

export async function findOpen(db: DbOrTx, teamId: number, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.teamId, teamId), eq(invitations.id, id), open));
  return row;
}

/** An open invitation that has not expired yet, for this e-mail address. */
export async function hasPending(db: DbOrTx, teamId: number, email: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.teamId, teamId), byEmail(invitations.email, email), open, gt(invitations.expiresAt, now)))
    .limit(1);
  return !!row;
}

/** Expired open invitations of an address are withdrawn when it is invited again. */
export async function revokeExpired(db: DbOrTx, teamId: number, email: string, now = new Date()): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.teamId, teamId), byEmail(invitations.email, email), open, lte(invitations.expiresAt, now)));
}

export async function isMemberByEmail(db: DbOrTx, teamId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), byEmail(users.email, email)))
    .limit(1);
  return !!row;
}

export async function insertInvitation(
  db: DbOrTx,
  teamId: number,
  values: { email: string; role: Role; tokenHash: string; language: Language; invitedBy: number; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({ teamId, ...values })
    .returning();
  return row!;
}

export async function revoke(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.teamId, teamId), eq(invitations.id, id), open))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function renewToken(
  db: DbOrTx,
  teamId: number,
  id: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash, expiresAt })
    .where(and(eq(invitations.teamId, teamId), eq(invitations.id, id), open))
    .returning();
  return row;
}

/** Single use: only one caller wins the update of an open, unexpired invitation. */
export async function markAccepted(db: DbOrTx, teamId: number, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.teamId, teamId), eq(invitations.id, id), open, gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function teamName(db: DbOrTx, teamId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(byEmail(users.email, email));
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<typeof users.$inferSelect> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setCurrentTeamIfNone(db: DbOrTx, teamId: number, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ currentTeamId: teamId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.currentTeamId)));
}
