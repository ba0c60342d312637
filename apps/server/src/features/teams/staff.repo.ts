import type { Role } from '@bookla/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityInstructors, teamMembers, users } from '../../db/schema/index.ts';

/** SQL of a team's staff. Every function takes the team id first. */

export interface MemberRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  totpEnabledAt: Date | null;
  joinedAt: Date;
}

const memberColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: teamMembers.role,
  totpEnabledAt: users.totpEnabledAt,
  joinedAt: teamMembers.createdAt,
};

export async function listMembers(db: DbOrTx, teamId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(users.id));
}

export async function findMember(db: DbOrTx, teamId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

export async function updateRole(db: DbOrTx, teamId: number, userId: number, role: Role): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, teamId: number, userId: number): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** A removed member no longer teaches any of the team's activities. */
export async function removeFromInstructors(db: DbOrTx, teamId: number, userId: number): Promise<void> {
  await db.delete(activityInstructors).where(and(eq(activityInstructors.teamId, teamId), eq(activityInstructors.userId, userId)));
}

/** A removed member whose current company was this one has none until they switch. */
export async function clearCurrentTeam(db: DbOrTx, teamId: number, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ currentTeamId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.currentTeamId, teamId)));
}
