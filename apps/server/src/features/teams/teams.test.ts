import { PERMISSIONS } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import {
  companyBody,
  createUserWithTeam,
  enableTwoFactor,
  loginAs,
  owner,
  requireTwoFactor,
  staff,
  teamRow,
  uid,
  userRow,
} from '../../test/factories.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

const TEAM_KEYS = [
  'id',
  'name',
  'phone_prefix',
  'phone_number',
  'currency',
  'languages',
  'time_zone',
  'billing_address',
  'billing_address_line_2',
  'billing_city',
  'billing_state',
  'billing_postal_code',
  'billing_country',
  'vat_id',
  'checklist_completed',
  'logo_url',
  'has_logo',
  'role',
].sort();

describe('current company and list', () => {
  it('needs a session', async () => {
    for (const url of ['/api/srl/team', '/api/srl/teams']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers the current company in the spec shape, with role and avatar fallback', async () => {
    const a = await owner(app, { teamName: `Shape ${uid()}` });
    const res = await a.client.get('/api/srl/team');
    expect(res.statusCode).toBe(200);
    const team = res.json().team;
    expect(Object.keys(team).sort()).toEqual(TEAM_KEYS);
    expect(team).toMatchObject({ id: a.team.id, name: a.team.name, role: 'owner', logo_url: `/avatar/team/${a.team.id}`, has_logo: false });
  });

  it('lists every company of the user with the role there', async () => {
    const a = await owner(app);
    const other = await createUserWithTeam(app.deps.db);
    await app.deps.db.insert(teamMembers).values({ teamId: other.team.id, userId: a.user.id, role: 'instructor' });
    const res = await a.client.get('/api/srl/teams');
    expect(res.statusCode).toBe(200);
    const list = res.json().teams as { id: number; role: string }[];
    expect(list.map((x) => [x.id, x.role])).toEqual([
      [a.team.id, 'owner'],
      [other.team.id, 'instructor'],
    ]);
  });
});

describe('billing address and VAT ID', () => {
  const PRIVATE = ['billing_address', 'billing_address_line_2', 'billing_city', 'billing_state', 'billing_postal_code', 'vat_id'];
  /** Every company shape a client gets: current company, list, app state (current and list). */
  async function shapes(client: TestClient) {
    const state = (await client.get('/api/srl/state')).json();
    return {
      team: (await client.get('/api/srl/team')).json().team as Record<string, unknown>,
      teams: (await client.get('/api/srl/teams')).json().teams as Record<string, unknown>[],
      stateTeam: state.team as Record<string, unknown>,
      stateTeams: state.teams as Record<string, unknown>[],
    };
  }
  const withBilling = (t: Record<string, unknown>) => PRIVATE.filter((k) => k in t);

  it('go only to users with team.manage (owner, admin), not to editors or instructors', async () => {
    const a = await owner(app);
    await app.deps.db.update(teams).set({ vatId: 'CHE-116.281.710 MWST' }).where(eq(teams.id, a.team.id));
    const admin = await staff(app, a.team, 'admin');
    for (const s of [a, admin]) {
      const got = await shapes(s.client);
      for (const t of [got.team, got.teams[0]!, got.stateTeam, got.stateTeams[0]!]) expect(withBilling(t)).toEqual(PRIVATE);
      expect(got.team).toMatchObject({ billing_address: 'Bahnhofstrasse 1', billing_city: 'Zürich', vat_id: 'CHE-116.281.710 MWST' });
    }
    for (const role of ['editor', 'instructor'] as const) {
      const s = await staff(app, a.team, role);
      const got = await shapes(s.client);
      expect(got.stateTeam.role).toBe(role);
      for (const t of [got.team, got.teams[0]!, got.stateTeam, got.stateTeams[0]!]) {
        expect(withBilling(t), role).toEqual([]);
        expect(t.billing_country).toBe('CH');
      }
      const raw = JSON.stringify(got);
      expect(raw).not.toContain('Bahnhofstrasse');
      expect(raw).not.toContain('CHE-116');
      expect((await s.client.get('/api/team/billing')).statusCode).toBe(403);
    }
  });

  it('are decided per company in the list and when switching', async () => {
    const a = await owner(app);
    const other = await createUserWithTeam(app.deps.db);
    await app.deps.db.insert(teamMembers).values({ teamId: other.team.id, userId: a.user.id, role: 'instructor' });
    const list = (await a.client.get('/api/srl/teams')).json().teams as Record<string, unknown>[];
    expect(withBilling(list.find((t) => t.id === a.team.id)!)).toEqual(PRIVATE);
    expect(withBilling(list.find((t) => t.id === other.team.id)!)).toEqual([]);
    const switched = (await a.client.post(`/api/srl/team/switch/${other.team.id}`)).json().team;
    expect(withBilling(switched)).toEqual([]);
    expect(withBilling((await a.client.get('/api/srl/team')).json().team)).toEqual([]);
  });

  it('are withheld from an owner who lacks the 2FA the company requires', async () => {
    const a = await owner(app);
    await requireTwoFactor(app, a.team.id);
    const got = await shapes(a.client);
    for (const t of [got.team, got.teams[0]!, got.stateTeam, got.stateTeams[0]!]) expect(withBilling(t)).toEqual([]);
    await enableTwoFactor(app, a.user.id);
    expect(withBilling((await a.client.get('/api/srl/team')).json().team)).toEqual(PRIVATE);
  });
});

describe('switching company', () => {
  it('switches to a company of the user and remembers it', async () => {
    const a = await owner(app);
    const other = await createUserWithTeam(app.deps.db);
    await app.deps.db.insert(teamMembers).values({ teamId: other.team.id, userId: a.user.id, role: 'editor' });
    const res = await a.client.post(`/api/srl/team/switch/${other.team.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, team: { id: other.team.id, role: 'editor' } });
    expect((await a.client.get('/api/srl/team')).json().team.id).toBe(other.team.id);
    expect((await userRow(app, a.user.id)).currentTeamId).toBe(other.team.id);
    // A new login starts in the remembered company.
    const again = await loginAs(app, a.user.email);
    expect((await again.get('/api/srl/team')).json().team.id).toBe(other.team.id);
  });

  it('answers 404 for a company the user does not belong to, and 422/404 for bad ids, never 500', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const res = await a.client.post(`/api/srl/team/switch/${b.team.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
    expect((await a.client.get('/api/srl/team')).json().team.id).toBe(a.team.id);
    expect((await a.client.post('/api/srl/team/switch/999999')).statusCode).toBe(404);
    expect((await a.client.post('/api/srl/team/switch/abc')).statusCode).toBe(422);
    expect((await a.client.post('/api/srl/team/switch/99999999999999')).statusCode).toBe(422);
  });

  it('company check: when the current company is gone, team is null and teams lists the others', async () => {
    const a = await owner(app);
    const other = await createUserWithTeam(app.deps.db);
    await app.deps.db.insert(teamMembers).values({ teamId: other.team.id, userId: a.user.id, role: 'admin' });
    await app.deps.db.delete(teams).where(eq(teams.id, a.team.id));
    expect((await a.client.get('/api/srl/team')).json()).toEqual({ team: null });
    expect((await a.client.get('/api/srl/teams')).json().teams.map((x: { id: number }) => x.id)).toEqual([other.team.id]);
    const noCompany = await a.client.get('/api/team/general');
    expect(noCompany.statusCode).toBe(409);
    expect(noCompany.json().code).toBe('NO_COMPANY');
    expect((await a.client.post(`/api/srl/team/switch/${other.team.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/api/srl/team')).json().team.id).toBe(other.team.id);
  });
});

describe('creating a company', () => {
  it('creates it with the creator as owner, switches to it and keeps the old one', async () => {
    const a = await owner(app);
    const name = `Neue Firma ${uid()}`;
    const res = await a.client.post('/api/team', companyBody(name, { vat_id: 'che 116 281 710 mwst' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, team_id: expect.any(Number), message: expect.any(String) });
    const current = (await a.client.get('/api/srl/team')).json().team;
    expect(current).toMatchObject({
      id: body.team_id,
      name,
      role: 'owner',
      languages: ['de', 'fr'],
      vat_id: 'CHE-116.281.710 MWST',
      billing_state: null,
    });
    expect((await teamRow(app, body.team_id)).ownerId).toBe(a.user.id);
    expect((await userRow(app, a.user.id)).currentTeamId).toBe(body.team_id);
    expect((await a.client.get('/api/srl/teams')).json().teams).toHaveLength(2);
  });

  it('ignores owner_id, id, team_id and role in the body', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const res = await a.client.post(
      '/api/team',
      companyBody(`Mass ${uid()}`, { owner_id: b.user.id, id: b.team.id, team_id: b.team.id, role: 'instructor' }),
    );
    expect(res.statusCode).toBe(200);
    const created = await teamRow(app, res.json().team_id);
    expect(created.ownerId).toBe(a.user.id);
    expect(created.id).not.toBe(b.team.id);
    expect((await a.client.get('/api/srl/team')).json().team.role).toBe('owner');
    expect((await teamRow(app, b.team.id)).name).toBe(b.team.name);
  });

  it('refuses a taken name, case-insensitively', async () => {
    const a = await owner(app);
    const res = await a.client.post('/api/team?language=en', companyBody(a.team.name.toUpperCase()));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['A company with this name already exists.']);
  });

  it('checks country, currency, time zone, VAT ID and the German postal code', async () => {
    const a = await owner(app);
    const post = (extra: Record<string, unknown>) => a.client.post('/api/team?language=en', companyBody(`Check ${uid()}`, extra));
    expect((await post({ billing_country: 'XX' })).json().errors.billing_country).toEqual(['Please choose a valid country.']);
    expect((await post({ currency: 'XYZ' })).json().errors.currency).toEqual(['Please choose a valid currency.']);
    expect((await post({ time_zone: 'Mars/Olympus' })).json().errors.time_zone).toEqual(['Please choose a valid time zone.']);
    expect((await post({ vat_id: 'CHE-123.456.789' })).json().errors.vat_id).toEqual(['This VAT number is not valid (check digit).']);
    expect((await post({ vat_id: 'DE136695976' })).json().errors.vat_id).toEqual([
      'This VAT number does not belong to the billing country.',
    ]);
    const de4 = await post({ billing_country: 'DE', billing_postal_code: '1234', currency: 'EUR', vat_id: 'DE136695976' });
    expect(de4.statusCode).toBe(422);
    expect(de4.json().errors.billing_postal_code).toEqual(['Must be at least 5 characters.']);
    expect((await post({ billing_country: 'DE', billing_postal_code: '123456' })).json().errors.billing_postal_code).toEqual([
      'May not be longer than 5 characters.',
    ]);
    const ok = await post({ billing_country: 'de', billing_postal_code: '10115', currency: 'eur', vat_id: 'DE 136 695 976' });
    expect(ok.statusCode).toBe(200);
    const team = await teamRow(app, ok.json().team_id);
    expect([team.billingCountry, team.currency, team.vatId]).toEqual(['DE', 'EUR', 'DE136695976']);
  });

  it('checks required fields, lengths and languages', async () => {
    const a = await owner(app);
    const res = await a.client.post('/api/team?language=en', {
      ...companyBody(''),
      phone_prefix: '+4123',
      phone_number: '1'.repeat(51),
      languages: [],
      billing_city: '',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.name).toEqual(['This field is required.']);
    expect(errors.phone_number).toEqual(['May not be longer than 50 characters.']);
    expect(errors.languages).toEqual(['This field is required.']);
    expect(errors.billing_city).toEqual(['This field is required.']);
    expect(errors.phone_prefix).toBeUndefined();
    const badLang = await a.client.post('/api/team', companyBody(`L ${uid()}`, { languages: ['de', 'it'] }));
    expect(badLang.statusCode).toBe(422);
    expect(Object.keys(badLang.json().errors)).toEqual(['languages.1']);
    expect((await a.client.post('/api/team', companyBody(`L ${uid()}`, { languages: ['de', 'de'] }))).statusCode).toBe(422);
    expect(
      (await a.client.post('/api/team', companyBody(`L ${uid()}`, { phone_prefix: '+412345' }))).json().errors.phone_prefix,
    ).toBeDefined();
  });

  it('limits companies per user to 5 a day (counted before creating; failed forms do not count)', async () => {
    const a = await owner(app);
    const count = async () => (await app.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, a.user.id))).length;
    expect((await a.client.post('/api/team', companyBody(''))).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await a.client.post('/api/team', companyBody(`Many ${i} ${uid()}`))).statusCode).toBe(200);
    expect(await count()).toBe(6);
    const sixth = await a.client.post('/api/team', companyBody(`Many 6 ${uid()}`));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await count()).toBe(6);
    // Another user is not affected.
    expect((await (await owner(app)).client.post('/api/team', companyBody(`Other ${uid()}`))).statusCode).toBe(200);
  });

  it('needs a session and the CSRF token', async () => {
    expect((await new TestClient(app).post('/api/team', companyBody(`Anon ${uid()}`))).statusCode).toBe(401);
    const a = await owner(app);
    const res = await a.client.post('/api/team', companyBody(`Csrf ${uid()}`), { 'x-xsrf-token': 'wrong' });
    expect(res.statusCode).toBe(419);
  });
});

describe('company settings: general and billing', () => {
  it('shows and saves the general settings (owner and admin)', async () => {
    const a = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const got = await admin.client.get('/api/team/general');
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual({
      name: a.team.name,
      phone_prefix: '+41',
      phone_number: a.team.phoneNumber,
      currency: 'CHF',
      languages: ['de', 'en'],
      time_zone: 'Europe/Zurich',
    });
    const name = `Renamed ${uid()}`;
    const body = { name, phone_prefix: '+423', phone_number: '123', currency: 'EUR', languages: ['fr'], time_zone: 'Europe/Paris' };
    const res = await admin.client.request('PUT', '/api/team/general', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: a.team.id, name, languages: ['fr'], currency: 'EUR', role: 'admin' } });
    // Keeping the own name is fine.
    expect((await a.client.request('PUT', '/api/team/general', body)).statusCode).toBe(200);
  });

  it('ignores id, team_id, owner_id and role in the body', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const body = {
      name: `MA ${uid()}`,
      phone_prefix: '+41',
      phone_number: '1',
      currency: 'CHF',
      languages: ['de'],
      time_zone: 'Europe/Zurich',
      id: b.team.id,
      team_id: b.team.id,
      owner_id: admin.user.id,
      role: 'owner',
      require_2fa: true,
      logo_path: '../../etc/passwd',
    };
    expect((await admin.client.request('PUT', '/api/team/general', body)).statusCode).toBe(200);
    const mine = await teamRow(app, a.team.id);
    expect(mine.name).toBe(body.name);
    expect(mine.ownerId).toBe(a.user.id);
    expect(mine.require2fa).toBe(false);
    expect(mine.logoPath).toBeNull();
    expect((await teamRow(app, b.team.id)).name).toBe(b.team.name);
    expect((await admin.client.get('/api/srl/team')).json().team.role).toBe('admin');
  });

  it('refuses another company’s name and invalid values', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const put = (extra: Record<string, unknown>) =>
      a.client.request('PUT', '/api/team/general?language=en', {
        name: a.team.name,
        phone_prefix: '+41',
        phone_number: '1',
        currency: 'CHF',
        languages: ['de'],
        time_zone: 'Europe/Zurich',
        ...extra,
      });
    expect((await put({ name: b.team.name.toLowerCase() })).json().errors.name).toEqual(['A company with this name already exists.']);
    expect((await put({ phone_prefix: '+12345' })).json().errors.phone_prefix).toEqual(['May not be longer than 5 characters.']);
    expect((await put({ languages: [] })).statusCode).toBe(422);
    expect((await put({ languages: ['es'] })).statusCode).toBe(422);
    expect((await put({ currency: 'ABC' })).json().errors.currency).toBeDefined();
    expect((await put({ time_zone: 'Nowhere/City' })).json().errors.time_zone).toBeDefined();
  });

  it('shows and saves billing details with the VAT check', async () => {
    const a = await owner(app);
    const got = await a.client.get('/api/team/billing');
    expect(got.json().data).toEqual({
      billing_address: 'Bahnhofstrasse 1',
      billing_address_line_2: null,
      billing_city: 'Zürich',
      billing_state: null,
      billing_postal_code: '8001',
      billing_country: 'CH',
      vat_id: null,
    });
    const body = {
      billing_address: 'Unter den Linden 1',
      billing_address_line_2: 'Hinterhaus',
      billing_city: 'Berlin',
      billing_state: 'Berlin',
      billing_postal_code: '10117',
      billing_country: 'DE',
      vat_id: 'DE136695976',
    };
    const res = await a.client.request('PUT', '/api/team/billing', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(body);
    const bad = await a.client.request('PUT', '/api/team/billing?language=en', {
      ...body,
      vat_id: 'DE136695977',
      billing_postal_code: '101',
    });
    expect(bad.statusCode).toBe(422);
    // The shape error and the server's VAT check in one reply (issue 9, item 5).
    expect(Object.keys(bad.json().errors).sort()).toEqual(['billing_postal_code', 'vat_id']);
    const badVat = await a.client.request('PUT', '/api/team/billing?language=en', { ...body, vat_id: 'DE136695977' });
    expect(badVat.json().errors.vat_id).toEqual(['This VAT number is not valid (check digit).']);
    const badCountry = await a.client.request('PUT', '/api/team/billing', { ...body, billing_country: 'ZZ', vat_id: null });
    expect(badCountry.json().errors.billing_country).toBeDefined();
  });

  it('is for owners and admins only', async () => {
    const a = await owner(app);
    for (const role of ['editor', 'instructor'] as const) {
      const s = await staff(app, a.team, role);
      for (const url of ['/api/team/general', '/api/team/billing']) {
        const res = await s.client.get(url);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBeTypeOf('string');
        expect((await s.client.request('PUT', url, {})).statusCode).toBe(403);
      }
    }
    expect((await new TestClient(app).get('/api/team/general')).statusCode).toBe(401);
  });
});

describe('features and additional settings', () => {
  it('shows the features to every member and lets nav.config change them', async () => {
    const a = await owner(app);
    const instructor = await staff(app, a.team, 'instructor');
    const editor = await staff(app, a.team, 'editor');
    const got = await instructor.client.get('/api/config/features');
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ data: { subscriptions: false, waiting_list: true, resources: true, embeds: true } });
    expect((await instructor.client.request('PUT', '/api/config/features', { subscriptions: true })).statusCode).toBe(403);
    const res = await editor.client.request('PUT', '/api/config/features', {
      subscriptions: true,
      resources: false,
      team_id: 1,
      bogus: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ subscriptions: true, waiting_list: true, resources: false, embeds: true });
    expect((await teamRow(app, a.team.id)).features).toEqual({ subscriptions: true, waiting_list: true, resources: false, embeds: true });
    expect((await a.client.request('PUT', '/api/config/features', { embeds: 'yes' })).statusCode).toBe(422);
  });

  it('answers the additional settings of the current company only', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const res = await a.client.get(`/api/team/${a.team.id}/additional/settings`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        require_2fa: false,
        languages: ['de', 'en'],
        currency: 'CHF',
        time_zone: 'Europe/Zurich',
        checklist_completed: false,
        features: { subscriptions: false, waiting_list: true, resources: true, embeds: true },
      },
    });
    const other = await a.client.get(`/api/team/${b.team.id}/additional/settings`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not Found' });
  });
});

describe('two-factor requirement', () => {
  it('can be turned on only by owners/admins who use two-factor themselves', async () => {
    const a = await owner(app);
    const editor = await staff(app, a.team, 'editor');
    expect((await editor.client.request('PUT', '/api/team/security', { require_2fa: true })).statusCode).toBe(403);
    const first = await a.client.request('PUT', '/api/team/security?language=en', { require_2fa: true });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.require_2fa).toEqual(['Please set up two-factor authentication for your own account first.']);
    await enableTwoFactor(app, a.user.id);
    const ok = await a.client.request('PUT', '/api/team/security', { require_2fa: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ require_2fa: true });
    expect((await teamRow(app, a.team.id)).require2fa).toBe(true);
    expect((await a.client.request('PUT', '/api/team/security', { require_2fa: false })).json().data).toEqual({ require_2fa: false });
  });

  it('blocks team routes for staff without two-factor, but not profile, user, team list and switch', async () => {
    const a = await owner(app);
    const other = await owner(app);
    await app.deps.db.insert(teamMembers).values({ teamId: other.team.id, userId: a.user.id, role: 'admin' });
    await requireTwoFactor(app, a.team.id);

    for (const url of [
      '/api/team/general',
      '/api/config/features',
      `/api/team/${a.team.id}/additional/settings`,
      '/api/team/members',
      '/api/team/invitations',
    ]) {
      const res = await a.client.get(`${url}?language=en`);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        message: 'This company requires two-factor authentication. Please set it up in your profile first.',
        code: 'TWO_FACTOR_REQUIRED',
      });
    }
    expect((await a.client.request('PUT', '/api/config/features', { embeds: false })).json().code).toBe('TWO_FACTOR_REQUIRED');
    expect((await a.client.get('/api/srl/permission/nav.courses')).statusCode).toBe(403);

    for (const url of ['/api/srl/team', '/api/srl/teams', '/api/profile', '/api/profile/sessions', '/api/srl/user', '/api/srl/state']) {
      expect((await a.client.get(url)).statusCode, url).toBe(200);
    }
    const state = (await a.client.get('/api/srl/state')).json();
    expect(state.two_factor_required).toBe(true);
    expect(state.permissions).toEqual([]);
    expect(state.team.id).toBe(a.team.id);

    // Switching to a company without the rule works, and the rule no longer applies there.
    expect((await a.client.post(`/api/srl/team/switch/${other.team.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/api/team/general')).statusCode).toBe(200);
    expect((await a.client.post(`/api/srl/team/switch/${a.team.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/api/team/general')).statusCode).toBe(403);

    await enableTwoFactor(app, a.user.id);
    expect((await a.client.get('/api/team/general')).statusCode).toBe(200);
    expect((await a.client.get('/api/srl/permission/nav.courses')).statusCode).toBe(200);
    expect((await a.client.get('/api/srl/state')).json().two_factor_required).toBe(false);
  });
});

describe('permissions', () => {
  it('answers the role matrix: instructor limited, editor and admin unrestricted, team.manage for owner/admin', async () => {
    const a = await owner(app);
    const instructor = await staff(app, a.team, 'instructor');
    const editor = await staff(app, a.team, 'editor');
    const admin = await staff(app, a.team, 'admin');
    const check = async (c: TestClient, name: string) => {
      const res = await c.get(`/api/srl/permission/${name}`);
      expect([200, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual({ success: res.statusCode === 200 });
      return res.statusCode === 200;
    };
    for (const p of ['nav.courses', 'nav.customers', 'nav.customers.participant']) expect(await check(instructor.client, p)).toBe(true);
    for (const p of [
      'dashboard.stats',
      'course.edit',
      'course.create',
      'course.delete',
      'nav.discounts',
      'nav.config',
      'nav.orders',
      'nav.attributes',
      'nav.locations',
      'nav.sa_resources',
      'nav.customers.order',
      'nav.customers.waitinglist',
      'team.manage',
    ]) {
      expect(await check(instructor.client, p), p).toBe(false);
    }
    for (const p of PERMISSIONS.filter((x) => x !== 'internal.staff' && x !== 'team.manage')) {
      expect(await check(editor.client, p), p).toBe(true);
      expect(await check(admin.client, p), p).toBe(true);
    }
    expect(await check(editor.client, 'team.manage')).toBe(false);
    expect(await check(admin.client, 'team.manage')).toBe(true);
    expect(await check(a.client, 'team.manage')).toBe(true);
  });

  it('refuses unknown names with 403 and needs a session', async () => {
    const a = await owner(app);
    for (const name of ['does.not.exist', 'owner', '__proto__', 'constructor']) {
      const res = await a.client.get(`/api/srl/permission/${name}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false });
    }
    const anon = await app.inject('/api/srl/permission/nav.courses');
    expect(anon.statusCode).toBe(401);
  });

  it('grants internal.staff only to the configured e-mail domains', async () => {
    const a = await owner(app);
    const insider = await owner(app, { email: `staff-${uid()}@Bookla.ch` });
    expect((await a.client.get('/api/srl/permission/internal.staff')).statusCode).toBe(403);
    expect((await insider.client.get('/api/srl/permission/internal.staff')).json()).toEqual({ success: true });
    const lookalike = await owner(app, { email: `x-${uid()}@bookla.ch.evil.com` });
    expect((await lookalike.client.get('/api/srl/permission/internal.staff')).statusCode).toBe(403);
  });
});

describe('app state', () => {
  it('is anonymous without a session', async () => {
    const res = await app.inject('/api/srl/state');
    expect(res.json()).toMatchObject({ authenticated: false, user: null, language: 'de', appName: 'Bookla' });
  });

  it('carries user, role, team, teams, features, settings and permissions when logged in', async () => {
    const a = await owner(app);
    const instructor = await staff(app, a.team, 'instructor');
    const state = (await instructor.client.get('/api/srl/state?language=fr')).json();
    expect(state).toMatchObject({
      authenticated: true,
      language: 'fr',
      appName: 'Bookla',
      user: {
        id: instructor.user.id,
        firstname: instructor.user.firstname,
        lastname: instructor.user.lastname,
        email: instructor.user.email,
        salutation: 'mrs',
        language: 'de',
        two_factor_enabled: false,
      },
      role: 'instructor',
      team: { id: a.team.id, role: 'instructor' },
      features: { subscriptions: false, waiting_list: true, resources: true, embeds: true },
      team_settings: { require_2fa: false, currency: 'CHF' },
      permissions: ['nav.courses', 'nav.customers', 'nav.customers.participant'],
      two_factor_required: false,
    });
    expect(state.teams.map((x: { id: number }) => x.id)).toEqual([a.team.id]);
    expect(Object.keys(state.user)).not.toContain('passwordHash');
    expect(JSON.stringify(state)).not.toMatch(/password|totp|recovery/i);
  });

  it('has no team when the user has none', async () => {
    const a = await owner(app);
    await app.deps.db.delete(teams).where(eq(teams.id, a.team.id));
    const state = (await a.client.get('/api/srl/state')).json();
    expect(state).toMatchObject({
      authenticated: true,
      team: null,
      role: null,
      teams: [],
      features: null,
      team_settings: null,
      permissions: [],
    });
  });
});
