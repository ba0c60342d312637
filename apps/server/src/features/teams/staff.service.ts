import type { AssignableRole, Member } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import * as repo from './staff.repo.ts';
import type { MemberRow } from './staff.repo.ts';

/** Staff of a company: list, change roles, remove. The owner and oneself are off limits. */

export function toMember(m: MemberRow): Member {
  return {
    id: m.id,
    firstname: m.firstname,
    lastname: m.lastname,
    email: m.email,
    role: m.role,
    two_factor_enabled: !!m.totpEnabledAt,
    joined_at: m.joinedAt.toISOString(),
  };
}

export async function listMembers(db: Db, teamId: number): Promise<Member[]> {
  return (await repo.listMembers(db, teamId)).map(toMember);
}

const refuse = (key: string) => new AppError('FORBIDDEN', `teams:members.${key}`);

/** A member of this team other than the owner and the actor (404 for anyone else's user). */
async function changeableMember(db: Db, teamId: number, actorId: number, userId: number, ownerId: number, action: 'change' | 'remove') {
  const member = await repo.findMember(db, teamId, userId);
  if (!member) throw notFound();
  if (member.role === 'owner' || member.id === ownerId) throw refuse(`cannot_${action}_owner`);
  if (member.id === actorId) throw refuse(`cannot_${action}_self`);
  return member;
}

export async function changeRole(
  db: Db,
  team: { id: number; ownerId: number },
  actorId: number,
  userId: number,
  role: AssignableRole,
): Promise<Member> {
  const member = await changeableMember(db, team.id, actorId, userId, team.ownerId, 'change');
  await repo.updateRole(db, team.id, member.id, role);
  return toMember({ ...member, role });
}

export async function removeMember(db: Db, team: { id: number; ownerId: number }, actorId: number, userId: number): Promise<void> {
  const member = await changeableMember(db, team.id, actorId, userId, team.ownerId, 'remove');
  await db.transaction(async (tx) => {
    await repo.deleteMember(tx, team.id, member.id);
    await repo.removeFromInstructors(tx, team.id, member.id);
    await repo.clearCurrentTeam(tx, team.id, member.id);
  });
}
