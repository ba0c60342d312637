import { PERMISSIONS, roleHas, ROLES, type Permission, type Role } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app.ts';
import { enableTwoFactor, owner, requireTwoFactor, staff, type Staff } from '../../test/factories.ts';

/**
 * Issue 9 item 15 (decision 011): the app state carries the permission set the web app answers
 * its element-level checks from, and it is the same answer `GET /api/srl/permission/{name}` gives.
 */

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

const ROLE_PERMISSIONS = (role: Role) => PERMISSIONS.filter((p) => roleHas(role, p));

async function statePermissions(client: TestClient): Promise<Permission[]> {
  const res = await client.get('/api/srl/state');
  expect(res.statusCode).toBe(200);
  return res.json().permissions;
}

/** Every name the per-element route grants. */
async function grantedByRoute(client: TestClient): Promise<Permission[]> {
  const granted: Permission[] = [];
  for (const name of PERMISSIONS) {
    const res = await client.get(`/api/srl/permission/${name}`);
    expect([200, 403], name).toContain(res.statusCode);
    if (res.statusCode === 200) granted.push(name);
  }
  return granted;
}

describe('app state: the permission set of the role', () => {
  it.each(ROLES)('%s: the role’s permissions, as the per-element route answers them', async (role) => {
    const a = await owner(app);
    const member: Staff = role === 'owner' ? a : await staff(app, a.team, role);
    const permissions = await statePermissions(member.client);
    expect(permissions).toEqual(ROLE_PERMISSIONS(role));
    expect(permissions).toEqual(await grantedByRoute(member.client));
  });

  it('the instructor of spec §6: the three allowed permissions only', async () => {
    const a = await owner(app);
    const instructor = await staff(app, a.team, 'instructor');
    expect(await statePermissions(instructor.client)).toEqual(['nav.courses', 'nav.customers', 'nav.customers.participant']);
  });

  it('follows a role change on the next read of the state', async () => {
    const a = await owner(app);
    const member = await staff(app, a.team, 'editor');
    expect(await statePermissions(member.client)).toContain('course.edit');
    await app.deps.db
      .update(teamMembers)
      .set({ role: 'instructor' })
      .where(and(eq(teamMembers.teamId, a.team.id), eq(teamMembers.userId, member.user.id)));
    expect(await statePermissions(member.client)).toEqual(ROLE_PERMISSIONS('instructor'));
    expect((await member.client.get('/api/srl/permission/course.edit')).statusCode).toBe(403);
  });
});

describe('app state: the company’s two-factor rule', () => {
  it('carries no permission while the rule is unmet, the role’s set once it is met', async () => {
    const a = await owner(app);
    await requireTwoFactor(app, a.team.id);
    const state = (await a.client.get('/api/srl/state')).json();
    expect(state.two_factor_required).toBe(true);
    expect(state.permissions).toEqual([]);
    expect(await grantedByRoute(a.client)).toEqual([]);

    await enableTwoFactor(app, a.user.id);
    const after = (await a.client.get('/api/srl/state')).json();
    expect(after.two_factor_required).toBe(false);
    expect(after.permissions).toEqual(ROLE_PERMISSIONS('owner'));
    expect(after.permissions).toEqual(await grantedByRoute(a.client));
  });

  it('a company without the rule gives the full set to a member without 2FA', async () => {
    const a = await owner(app);
    await requireTwoFactor(app, a.team.id, false);
    expect(await statePermissions(a.client)).toEqual(ROLE_PERMISSIONS('owner'));
  });
});
