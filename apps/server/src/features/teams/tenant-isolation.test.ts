import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, invitations, locations, sessions, teamMembers, teams } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, loginAs } from '../../test/factories.ts';
import { uid } from './test-helpers.ts';

/**
 * Tenant isolation sweep: every route of the app, called as company B's owner.
 * - Routes with a path parameter naming a record get company A's ids and must answer 403/404.
 * - Routes without one must not show anything of company A.
 * - Public routes are listed explicitly. A new route that fits none of these fails this test:
 *   add a case for it (or, if it really is public, an allow-list entry).
 */

/** Public routes: no session needed, nothing of a company behind them (beyond what the link proves). */
const PUBLIC: RegExp[] = [
  /^GET \/sanctum\/csrf-cookie$/,
  /^GET \/api\/health$/,
  /^GET \/api\/srl\/options\/\w+$/,
  /^GET \/api\/faq$/,
  /^GET \/api\/content\/:type(\/:group)?$/,
  /^GET \/api\/docs(\/.*)?$/,
  /^POST \/api\/srl\/validator\/[\w/]+$/,
  /^POST \/api\/srl\/register$/,
  /^POST \/api\/srl\/login(\/two-factor)?$/,
  /^POST \/api\/srl\/password\/reset\/(mail|submit)$/,
  /^POST \/(api\/)?customer\/password\/reset\/(mail|submit)$/,
  /^GET \/api\/srl\/email\/verify\/:id\/:hash$/,
  /^POST \/api\/srl\/email\/verify\/resend\/:userId$/,
  /^GET \/api\/srl\/team\/:teamid\/invite\/:invitationid\/validate\/:hash$/,
  /^POST \/api\/srl\/team\/:teamid\/invite\/:invitationid\/accept\/:hash$/,
  /^GET \/api\/language\/change\/:lang$/,
  /^GET \/avatar\/team\/:id$/,
];

interface World {
  teamId: number;
  ownerId: number;
  memberId: number;
  invitationId: number;
  sessionId: string;
  locationId: number;
  typeSetId: number;
}

interface Call {
  params: Record<string, string | number>;
  body?: unknown;
}

/** Routes with record ids: which of A's records each parameter names, and a valid body. */
const ID_CASES: Record<string, (a: World) => Call> = {
  'POST /api/srl/team/switch/:teamId': (a) => ({ params: { teamId: a.teamId } }),
  'GET /api/team/:id/additional/settings': (a) => ({ params: { id: a.teamId } }),
  'PUT /api/team/members/:userId': (a) => ({ params: { userId: a.memberId }, body: { role: 'admin' } }),
  'DELETE /api/team/members/:userId': (a) => ({ params: { userId: a.memberId } }),
  'DELETE /api/team/invitations/:id': (a) => ({ params: { id: a.invitationId } }),
  'POST /api/team/invitations/:id/resend': (a) => ({ params: { id: a.invitationId } }),
  'DELETE /api/profile/sessions/:id': (a) => ({ params: { id: a.sessionId } }),
  'GET /api/course/locations/:id': (a) => ({ params: { id: a.locationId } }),
  'PUT /api/course/locations/:id': (a) => ({ params: { id: a.locationId }, body: locationBody('B Ort') }),
  'DELETE /api/course/locations/:id': (a) => ({ params: { id: a.locationId } }),
};

const locationBody = (name: string) => ({ name: { de: name, en: name }, postal_code: '7000', city: 'Chur', country: 'CH' });

/** Parameters that name no record: sample values; the route is then swept like one without ids. */
const NON_RECORD_PARAMS: Record<string, Record<string, string>> = {
  'GET /api/srl/permission/:name': { name: 'team.manage' },
};

/** Valid bodies for routes without ids, so their handlers run (as B, on B's own data). */
const BODIES: Record<string, () => unknown> = {
  'POST /api/team': () => ({
    name: `B Zweitfirma ${uid()}`,
    phone_prefix: '+41',
    phone_number: '1',
    currency: 'CHF',
    languages: ['de'],
    time_zone: 'Europe/Zurich',
    billing_address: 'Weg 1',
    billing_city: 'Chur',
    billing_postal_code: '7000',
    billing_country: 'CH',
  }),
  'PUT /api/team/general': () => ({
    name: `B Renamed ${uid()}`,
    phone_prefix: '+41',
    phone_number: '2',
    currency: 'CHF',
    languages: ['de'],
    time_zone: 'Europe/Zurich',
  }),
  'PUT /api/team/billing': () => ({ billing_address: 'Weg 2', billing_city: 'Chur', billing_postal_code: '7000', billing_country: 'CH' }),
  'PUT /api/team/security': () => ({ require_2fa: false }),
  'PUT /api/config/features': () => ({ embeds: false }),
  'POST /api/team/invitations': () => ({ email: `b-invitee-${uid()}@example.net`, role: 'editor' }),
  'PUT /api/profile': () => ({ salutation: 'mr', firstname: 'Bruno', lastname: 'Beispiel', language: 'de' }),
  // Company A's type set: B must get 422 (not found in B's company), never a course in A.
  'POST /api/course/store': () => ({ type_set_id: a.typeSetId, name: { de: 'B Kurs', en: 'B Kurs' } }),
  'POST /api/course/locations': () => locationBody(`B Ort ${uid()}`),
};

/** `printRoutes({commonPrefix: false})` → "METHOD /path" for every route (HEAD/OPTIONS left out). */
export function listRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${path}`);
    }
  }
  return out;
}

const fill = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });

let t: TestApp;
let app: FastifyInstance;
let a: World;
let secrets: string[];
let bEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = app.deps.db;
  const tag = uid();
  const aOwner = await createUserWithTeam(db, { teamName: `Alpha Isolation ${tag} AG`, email: `alpha-owner-${tag}@alpha.example` });
  const aMember = await createUserWithTeam(db, { teamId: aOwner.team.id, role: 'editor', email: `alpha-member-${tag}@alpha.example` });
  const aClient = await loginAs(app, aOwner.user.email);
  const inviteEmail = `alpha-invitee-${tag}@alpha.example`;
  const inv = await aClient.post('/api/team/invitations', { email: inviteEmail, role: 'instructor' });
  expect(inv.statusCode).toBe(200);
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, aOwner.user.id));
  const typeSetId = (await aClient.get('/api/course/type_sets')).json().data[0].id;
  const course = await aClient.post('/api/course/store', {
    type_set_id: typeSetId,
    name: { de: `Alpha Kurs ${tag}`, en: `Alpha Course ${tag}` },
  });
  expect(course.statusCode).toBe(200);
  const place = await aClient.post('/api/course/locations', locationBody(`Alpha Ort ${tag}`));
  expect(place.statusCode).toBe(200);
  a = {
    teamId: aOwner.team.id,
    ownerId: aOwner.user.id,
    memberId: aMember.user.id,
    invitationId: inv.json().data.id,
    sessionId: session!.id.slice(0, 12),
    locationId: place.json().data.id,
    typeSetId,
  };
  secrets = [
    aOwner.team.name,
    aOwner.user.email,
    aMember.user.email,
    inviteEmail,
    `Alpha Isolation ${tag}`,
    `Alpha Kurs ${tag}`,
    `Alpha Course ${tag}`,
    `Alpha Ort ${tag}`,
  ];

  const bOwner = await createUserWithTeam(db, { teamName: `Beta ${tag} GmbH`, email: `beta-owner-${tag}@beta.example` });
  await createUserWithTeam(db, { teamId: bOwner.team.id, role: 'instructor' });
  bEmail = bOwner.user.email;
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('finds the routes of the app', () => {
    const routes = listRoutes(app);
    expect(routes).toContain('GET /api/srl/team');
    expect(routes).toContain('GET /api/srl/teams');
    expect(routes).toContain('DELETE /api/team/members/:userId');
    expect(routes).toContain('GET /api/content/:type/:group');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never shows or changes company A for company B’s owner, on any route', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of listRoutes(app)) {
      if (PUBLIC.some((re) => re.test(route))) continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const b = await loginAs(app, bEmail);
      let res;
      if (params.length && !NON_RECORD_PARAMS[route]) {
        const make = ID_CASES[route];
        if (!make) {
          problems.push(`${route}: no case (add it to ID_CASES, NON_RECORD_PARAMS or PUBLIC)`);
          continue;
        }
        const call = make(a);
        res = await b.request(method, fill(path, call.params), method === 'GET' ? undefined : (call.body ?? {}));
        if (res.statusCode !== 403 && res.statusCode !== 404) problems.push(`${route}: answered ${res.statusCode} for company A's ids`);
      } else {
        const url = fill(path, NON_RECORD_PARAMS[route] ?? {});
        res = await b.request(method, url, method === 'GET' ? undefined : (BODIES[route]?.() ?? {}));
        if (res.statusCode >= 500) problems.push(`${route}: answered ${res.statusCode}`);
      }
      const body = res.body.toLowerCase();
      for (const s of secrets) if (body.includes(s.toLowerCase())) problems.push(`${route}: shows "${s}"`);
      checked.push(route);
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
    for (const route of Object.keys(ID_CASES)) expect(checked, `stale case ${route}`).toContain(route);
  });

  it('refuses company A’s catalogue records to company B', async () => {
    const b = await loginAs(app, bEmail);
    const store = await b.post('/api/course/store', { type_set_id: a.typeSetId, name: { de: 'B Kurs', en: 'B Kurs' } });
    expect(store.statusCode).toBe(422);
    expect(Object.keys(store.json().errors)).toEqual(['type_set_id']);
    expect((await b.get(`/api/course/locations/${a.locationId}`)).statusCode).toBe(404);
  });

  it('left company A as it was', async () => {
    const db = app.deps.db;
    const [team] = await db.select().from(teams).where(eq(teams.id, a.teamId));
    expect(team!.name).toBe(secrets[0]);
    expect(team!.features).toEqual({ subscriptions: false, waiting_list: true, resources: true, embeds: true });
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, a.teamId));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [a.ownerId, 'owner'],
        [a.memberId, 'editor'],
      ].sort(),
    );
    const [inv] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, a.invitationId), isNull(invitations.revokedAt), isNull(invitations.acceptedAt)));
    expect(inv).toBeDefined();
    const aSessions = await db.select().from(sessions).where(eq(sessions.userId, a.ownerId));
    expect(aSessions.map((s) => s.id.slice(0, 12))).toContain(a.sessionId);
    const aCourses = await db.select().from(activities).where(eq(activities.teamId, a.teamId));
    expect(aCourses).toHaveLength(1);
    const [place] = await db.select().from(locations).where(eq(locations.id, a.locationId));
    expect(place).toMatchObject({ teamId: a.teamId, city: 'Chur', name: { de: secrets[7], en: secrets[7] } });
  });
});
