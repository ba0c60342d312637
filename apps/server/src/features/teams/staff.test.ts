import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityInstructors, teamMembers, teams, typeSets } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { enableTwoFactor, owner, staff, userRow } from '../../test/factories.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

async function roleOf(teamId: number, userId: number) {
  const [row] = await app.deps.db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

describe('staff list', () => {
  it('lists the members of the current company only (owner/admin)', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const editor = await staff(app, a.team, 'editor');
    await enableTwoFactor(app, editor.user.id);
    const admin = await staff(app, a.team, 'admin');
    const res = await admin.client.get('/api/team/members');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    expect(data.map((m) => m.id)).toEqual([a.user.id, editor.user.id, admin.user.id]);
    expect(data[0]).toEqual({
      id: a.user.id,
      firstname: a.user.firstname,
      lastname: a.user.lastname,
      email: a.user.email,
      role: 'owner',
      two_factor_enabled: false,
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(data[1]).toMatchObject({ role: 'editor', two_factor_enabled: true });
    expect(JSON.stringify(data)).not.toContain(b.user.email);
    expect((await editor.client.get('/api/team/members')).statusCode).toBe(403);
  });
});

describe('changing roles', () => {
  it('changes a member’s role and ignores team_id in the body', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const member = await staff(app, a.team, 'instructor');
    const res = await a.client.request('PUT', `/api/team/members/${member.user.id}`, {
      role: 'editor',
      team_id: b.team.id,
      user_id: b.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: member.user.id, role: 'editor' } });
    expect(await roleOf(a.team.id, member.user.id)).toBe('editor');
    expect(await roleOf(b.team.id, b.user.id)).toBe('owner');
    // The new role applies at once.
    expect((await member.client.get('/api/srl/permission/course.create')).statusCode).toBe(200);
  });

  it('lets an admin promote and demote other staff', async () => {
    const a = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const other = await staff(app, a.team, 'editor');
    expect((await admin.client.request('PUT', `/api/team/members/${other.user.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await admin.client.request('PUT', `/api/team/members/${other.user.id}`, { role: 'instructor' })).statusCode).toBe(200);
    expect(await roleOf(a.team.id, other.user.id)).toBe('instructor');
  });

  it('never changes the owner, oneself, or makes anyone owner', async () => {
    const a = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const other = await staff(app, a.team, 'editor');
    const ownerChange = await admin.client.request('PUT', `/api/team/members/${a.user.id}?language=en`, { role: 'editor' });
    expect(ownerChange.statusCode).toBe(403);
    expect(ownerChange.json().message).toBe("The owner's role cannot be changed.");
    const self = await admin.client.request('PUT', `/api/team/members/${admin.user.id}?language=en`, { role: 'editor' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot change your own role.');
    expect((await a.client.request('PUT', `/api/team/members/${a.user.id}`, { role: 'admin' })).statusCode).toBe(403);
    const toOwner = await a.client.request('PUT', `/api/team/members/${other.user.id}`, { role: 'owner' });
    expect(toOwner.statusCode).toBe(422);
    expect(toOwner.json().errors.role).toBeDefined();
    expect(await roleOf(a.team.id, other.user.id)).toBe('editor');
    expect(await roleOf(a.team.id, a.user.id)).toBe('owner');
    expect(await roleOf(a.team.id, admin.user.id)).toBe('admin');
  });

  it('answers 404 for a user of another company or none, 403 for editors', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const bMember = await staff(app, b.team, 'editor');
    expect((await a.client.request('PUT', `/api/team/members/${bMember.user.id}`, { role: 'admin' })).statusCode).toBe(404);
    expect((await a.client.request('PUT', '/api/team/members/999999', { role: 'admin' })).statusCode).toBe(404);
    expect(await roleOf(b.team.id, bMember.user.id)).toBe('editor');
    const editor = await staff(app, a.team, 'editor');
    const other = await staff(app, a.team, 'instructor');
    expect((await editor.client.request('PUT', `/api/team/members/${other.user.id}`, { role: 'admin' })).statusCode).toBe(403);
  });
});

describe('removing staff', () => {
  it('removes a member, who then has no company there but keeps the account and other companies', async () => {
    const a = await owner(app);
    const member = await staff(app, a.team, 'editor');
    const res = await a.client.request('DELETE', `/api/team/members/${member.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    expect(await roleOf(a.team.id, member.user.id)).toBeUndefined();
    expect((await userRow(app, member.user.id)).currentTeamId).toBeNull();
    expect((await member.client.get('/api/srl/team')).json()).toEqual({ team: null });
    expect((await member.client.get('/api/team/members')).statusCode).toBe(409);
    expect((await member.client.get('/api/srl/user')).statusCode).toBe(200);
    // The company itself is untouched.
    const [team] = await app.deps.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(team?.ownerId).toBe(a.user.id);
    expect((await a.client.get('/api/team/members')).json().data).toHaveLength(1);
  });

  it('removes a removed member from the instructors of the company’s activities, not of other companies', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const member = await staff(app, a.team, 'instructor');
    await app.deps.db.insert(teamMembers).values({ teamId: b.team.id, userId: member.user.id, role: 'instructor' });
    const activity = async (teamId: number, teachers: number[]) => {
      const [set] = await app.deps.db
        .insert(typeSets)
        .values({ teamId, name: { de: 'Kurse' }, kind: 'course' })
        .returning();
      const [row] = await app.deps.db
        .insert(activities)
        .values({ teamId, typeSetId: set!.id, kind: 'course', name: { de: 'Yoga' } })
        .returning();
      await app.deps.db.insert(activityInstructors).values(teachers.map((userId, sort) => ({ teamId, activityId: row!.id, userId, sort })));
      return row!.id;
    };
    const inA = [await activity(a.team.id, [member.user.id, a.user.id]), await activity(a.team.id, [member.user.id])];
    const inB = await activity(b.team.id, [member.user.id]);
    const teachers = async (activityId: number) =>
      (await app.deps.db.select().from(activityInstructors).where(eq(activityInstructors.activityId, activityId))).map((r) => r.userId);
    expect(await teachers(inA[0]!)).toContain(member.user.id);

    expect((await a.client.request('DELETE', `/api/team/members/${member.user.id}`)).statusCode).toBe(200);
    expect(await teachers(inA[0]!)).toEqual([a.user.id]);
    expect(await teachers(inA[1]!)).toEqual([]);
    expect(await teachers(inB)).toEqual([member.user.id]);
  });

  it('never removes the owner or oneself; other companies’ users answer 404', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const ownerRes = await admin.client.request('DELETE', `/api/team/members/${a.user.id}?language=de`);
    expect(ownerRes.statusCode).toBe(403);
    expect(ownerRes.json().message).toBe('Der Inhaber kann nicht aus der Firma entfernt werden.');
    const selfRes = await admin.client.request('DELETE', `/api/team/members/${admin.user.id}?language=fr`);
    expect(selfRes.statusCode).toBe(403);
    expect(selfRes.json().message).toBe('Vous ne pouvez pas vous retirer vous-même de l’entreprise.'.replace('’', "'"));
    expect((await admin.client.request('DELETE', `/api/team/members/${b.user.id}`)).statusCode).toBe(404);
    expect(await roleOf(b.team.id, b.user.id)).toBe('owner');
    const editor = await staff(app, a.team, 'editor');
    expect((await editor.client.request('DELETE', `/api/team/members/${admin.user.id}`)).statusCode).toBe(403);
    expect(await roleOf(a.team.id, admin.user.id)).toBe('admin');
  });
});
