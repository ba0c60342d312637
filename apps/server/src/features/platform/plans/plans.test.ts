import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, teamPlanChanges, teams, users } from '../../../db/schema/index.ts';
import { firstOfNextMonth, nextDay, platformDay } from '../../../lib/plan-day.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs, owner, staff, uid } from '../../../test/factories.ts';
import { makeShop, orderBody } from '../../../test/shop-fixtures.ts';
import { changeDay, changeTeamPlan, getTeamPlan, planState } from './plans.service.ts';

/**
 * Platform plans (CONTRACT §6, decision 031): chosen at sign-up, read and changed on the plan tab;
 * an upgrade counts from the next day, a downgrade from the 1st of next month (Europe/Zurich), and
 * every sale's platform fee follows the plan in force on its day. @postgres: CI runs it on the server
 * too (two changes at once wait for the company's row lock; the checkout reads the plan in a subquery).
 */

let t: TestApp;
const db = () => t.app.deps.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** An instant given as Zurich wall-clock time in winter (UTC+1). */
const zurichWinter = (iso: string) => new Date(`${iso}+01:00`);

const changesOf = async (teamId: number) =>
  db()
    .select({ plan: teamPlanChanges.plan, from: teamPlanChanges.effectiveFrom })
    .from(teamPlanChanges)
    .where(eq(teamPlanChanges.teamId, teamId))
    .orderBy(teamPlanChanges.effectiveFrom);

describe('plan days (unit)', () => {
  it('counts days in Zurich: 23:30 UTC on 30 November is already 1 December there', () => {
    expect(platformDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(platformDay(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    // Summer time (UTC+2).
    expect(platformDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it('an upgrade counts from the next day, a downgrade from the 1st of next month (also across a year)', () => {
    expect(changeDay('business', '2026-11-29')).toBe('2026-11-30');
    expect(changeDay('business', '2026-11-30')).toBe('2026-12-01');
    expect(changeDay('business', '2026-12-31')).toBe('2027-01-01');
    expect(changeDay('business', '2028-02-28')).toBe('2028-02-29');
    expect(changeDay('payg', '2026-11-29')).toBe('2026-12-01');
    expect(changeDay('payg', '2026-12-01')).toBe('2027-01-01');
    expect(firstOfNextMonth('2026-01-31')).toBe('2026-02-01');
    expect(changeDay('payg', '2026-12-15')).toBe('2027-01-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('reads the plan in force, since when, and the waiting change from the rows', () => {
    const rows = [
      { plan: 'payg' as const, effectiveFrom: '2026-01-10' },
      { plan: 'business' as const, effectiveFrom: '2026-03-02' },
      { plan: 'payg' as const, effectiveFrom: '2026-12-01' },
    ];
    expect(planState(rows, '2026-02-01')).toEqual({
      plan: 'payg',
      since: '2026-01-10',
      scheduled: { plan: 'business', from: '2026-03-02' },
    });
    expect(planState(rows, '2026-11-29')).toEqual({
      plan: 'business',
      since: '2026-03-02',
      scheduled: { plan: 'payg', from: '2026-12-01' },
    });
    expect(planState(rows, '2026-12-01')).toEqual({ plan: 'payg', since: '2026-12-01' });
    // No row at all: Pay-As-You-Go since the company was made.
    expect(planState([], '2026-11-29', '2026-05-05')).toEqual({ plan: 'payg', since: '2026-05-05' });
  });
});

describe('changing the plan (service, with a clock the test sets)', () => {
  it('upgrades from tomorrow, downgrades from the 1st of next month; the plan in force cancels, the other replaces', async () => {
    const { team } = await createUserWithTeam(db());
    // The team's first plan counts from a day long past.
    await db().update(teamPlanChanges).set({ effectiveFrom: '2026-01-05' }).where(eq(teamPlanChanges.teamId, team.id));
    const late = zurichWinter('2026-11-30T23:30:00');
    expect(await changeTeamPlan(db(), team.id, 'business', null, late)).toEqual({
      plan: 'payg',
      since: '2026-01-05',
      scheduled: { plan: 'business', from: '2026-12-01' },
    });
    // Choosing the plan in force again cancels the waiting upgrade.
    expect(await changeTeamPlan(db(), team.id, 'payg', null, late)).toEqual({ plan: 'payg', since: '2026-01-05' });
    expect(await changesOf(team.id)).toEqual([{ plan: 'payg', from: '2026-01-05' }]);
    // Upgraded on 30 November: Business on 1 December.
    await changeTeamPlan(db(), team.id, 'business', null, zurichWinter('2026-11-30T12:00:00'));
    const december = zurichWinter('2026-12-01T00:00:01');
    expect(await getTeamPlan(db(), team.id, december)).toEqual({ plan: 'business', since: '2026-12-01' });
    // Downgraded on 1 December: still Business for December, Pay-As-You-Go from 1 January.
    expect(await changeTeamPlan(db(), team.id, 'payg', null, december)).toEqual({
      plan: 'business',
      since: '2026-12-01',
      scheduled: { plan: 'payg', from: '2027-01-01' },
    });
    // Business again: the downgrade is cancelled.
    expect(await changeTeamPlan(db(), team.id, 'business', null, zurichWinter('2026-12-31T23:59:00'))).toEqual({
      plan: 'business',
      since: '2026-12-01',
    });
    expect(await getTeamPlan(db(), team.id, zurichWinter('2027-01-01T08:00:00'))).toEqual({ plan: 'business', since: '2026-12-01' });
  });

  it('two changes at once leave one waiting change', async () => {
    const { team } = await createUserWithTeam(db());
    await Promise.all([changeTeamPlan(db(), team.id, 'business', null), changeTeamPlan(db(), team.id, 'business', null)]);
    const waiting = (await changesOf(team.id)).filter((c) => c.from > platformDay(new Date(Date.now() - 86_400_000)));
    expect(waiting.filter((c) => c.plan === 'business')).toHaveLength(1);
  });

  it('a team without any row is on Pay-As-You-Go since it was made', async () => {
    const { team } = await createUserWithTeam(db());
    await db().delete(teamPlanChanges).where(eq(teamPlanChanges.teamId, team.id));
    const [row] = await db().select({ createdAt: teams.createdAt }).from(teams).where(eq(teams.id, team.id));
    expect(await getTeamPlan(db(), team.id)).toEqual({ plan: 'payg', since: platformDay(row!.createdAt) });
  });
});

describe('GET/PUT /api/team/plan', () => {
  it('shows the plan; team.manage changes it (in the request language), others read it only; 403 otherwise', async () => {
    const a = await owner(t.app);
    const today = platformDay(new Date());
    const got = await a.client.get('/api/team/plan');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({ plan: 'payg', since: today });

    const up = await a.client.request('PUT', '/api/team/plan', { plan: 'business' }, { 'accept-language': 'de' });
    expect(up.statusCode, up.body).toBe(200);
    const from = up.json().scheduled.from;
    // The day after the request's day (either side of a midnight the request might cross).
    expect([nextDay(today), nextDay(platformDay(new Date()))]).toContain(from);
    expect(up.json()).toMatchObject({ plan: 'payg', since: today, scheduled: { plan: 'business' } });
    expect(up.json().message).toMatch(/^Ihre Firma wechselt am .+ zu Business\.$/);
    expect((await a.client.get('/api/team/plan')).json()).toEqual({ plan: 'payg', since: today, scheduled: { plan: 'business', from } });

    const editor = await staff(t.app, a.team, 'editor');
    expect((await editor.client.get('/api/team/plan')).json()).toEqual({
      plan: 'payg',
      since: today,
      scheduled: { plan: 'business', from },
    });
    const refused = await editor.client.request('PUT', '/api/team/plan', { plan: 'payg' }, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/\S/);

    const cancel = await a.client.request('PUT', '/api/team/plan', { plan: 'payg' }, { 'accept-language': 'en' });
    expect(cancel.json()).toEqual({ plan: 'payg', since: today, message: 'Your company stays on Pay-As-You-Go; no change is waiting.' });

    const bad = await a.client.request('PUT', '/api/team/plan', { plan: 'gold' }, { 'accept-language': 'de' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['plan']);
    expect((await new TestClient(t.app).get('/api/team/plan')).statusCode).toBe(401);
  });

  it('refuses API tokens (session only), whatever their scopes', async () => {
    const a = await owner(t.app);
    const created = await a.client.post('/api/tokens', { name: `All ${uid()}`, scopes: ['read', 'orders', 'catalogue'] });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = created.json();
    const bearer = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({ method, url: '/api/team/plan', payload, headers: { authorization: `Bearer ${token}` } });
    expect((await bearer('GET')).statusCode).toBe(403);
    expect((await bearer('PUT', { plan: 'business' })).statusCode).toBe(403);
    expect(await changesOf(a.team.id)).toHaveLength(1);
  });
});

describe('sign-up takes the plan', () => {
  let n = 0;
  const body = (plan?: unknown) => {
    n++;
    return {
      user: {
        salutation: 'mrs',
        firstname: 'Anna',
        lastname: 'Muster',
        email: `plan.${uid()}.${n}@example.com`,
        password: 'Sonnenblume-42',
        password_confirm: 'Sonnenblume-42',
        agb: true,
        newsletter: false,
        referral_id: 'search',
      },
      team: {
        name: `Planwerk ${uid()} ${n}`,
        phone_prefix: '+41',
        phone_number: '44 123 45 67',
        currency: 'CHF',
        languages: ['de'],
        time_zone: 'Europe/Zurich',
        billing_address: 'Bahnhofstrasse 1',
        billing_city: 'Zürich',
        billing_postal_code: '8001',
        billing_country: 'CH',
      },
      ...(plan === undefined ? {} : { plan }),
    };
  };
  const teamOf = async (email: string) => {
    const [u] = await db().select().from(users).where(eq(users.email, email));
    return u!.currentTeamId!;
  };

  it('starts the company on the chosen plan from today; payg when none is chosen; 422 in the request language for another', async () => {
    const business = body('business');
    const res = await new TestClient(t.app).post('/api/srl/register', business);
    expect(res.statusCode, res.body).toBe(200);
    const today = platformDay(new Date());
    const teamId = await teamOf(business.user.email);
    expect((await changesOf(teamId)).map((c) => c.plan)).toEqual(['business']);
    expect((await getTeamPlan(db(), teamId)).plan).toBe('business');
    expect([today, platformDay(new Date())]).toContain((await changesOf(teamId))[0]!.from);

    const plain = body();
    expect((await new TestClient(t.app).post('/api/srl/register', plain)).statusCode).toBe(200);
    expect((await changesOf(await teamOf(plain.user.email))).map((c) => c.plan)).toEqual(['payg']);

    const de = await new TestClient(t.app).post('/api/srl/register', body('gold'), { 'accept-language': 'de' });
    const en = await new TestClient(t.app).post('/api/srl/register', body('gold'), { 'accept-language': 'en' });
    expect(de.statusCode).toBe(422);
    expect(de.json().errors.plan).toHaveLength(1);
    expect(en.json().errors.plan).toEqual(['This value is not allowed.']);
    expect(de.json().errors.plan[0]).not.toBe(en.json().errors.plan[0]);
  });

  it('a company created in the back office starts on Pay-As-You-Go', async () => {
    const a = await owner(t.app);
    const client = await loginAs(t.app, a.user.email);
    const res = await client.post('/api/team', { ...body().team });
    expect(res.statusCode, res.body).toBe(200);
    expect((await changesOf(res.json().team_id)).map((c) => c.plan)).toEqual(['payg']);
  });
});

describe('the platform fee follows the plan of the sale’s day', () => {
  const place = (teamId: number, payload: object) => t.app.inject({ method: 'POST', url: `/api/public/teams/${teamId}/orders`, payload });
  const feeOf = async (publicId: string) =>
    (await db().select({ fee: orders.platformFeeMinor, isTest: orders.isTest }).from(orders).where(eq(orders.publicId, publicId)))[0]!;

  it('an order on the day of an upgrade is still Pay-As-You-Go; the next day Business; test orders carry none', async () => {
    const shop = await makeShop(db(), { chargesVat: false });
    const owner = await loginAs(t.app, (await db().select().from(users).where(eq(users.id, shop.team.ownerId)))[0]!.email);
    expect((await owner.request('PUT', '/api/team/plan', { plan: 'business' })).statusCode).toBe(200);

    const sameDay = await place(shop.teamId, orderBody(shop.ticket.id));
    expect(sameDay.statusCode, sameDay.body).toBe(201);
    // 25.00 on Pay-As-You-Go: 7.9 % = 1.975 → 1.98, + 0.49.
    expect(await feeOf(sameDay.json().order.id)).toEqual({ fee: 198 + 49, isTest: false });

    // The next day: every day of the team's plan moves one back, as if the clock had moved a day on.
    await db()
      .update(teamPlanChanges)
      .set({ effectiveFrom: sql`${teamPlanChanges.effectiveFrom} - 1` })
      .where(eq(teamPlanChanges.teamId, shop.teamId));
    expect((await getTeamPlan(db(), shop.teamId)).plan).toBe('business');
    const nextDayOrder = await place(shop.teamId, orderBody(shop.ticket.id));
    // Business: 3.9 % of 25.00 = 0.975 → 0.98, + 0.49.
    expect(await feeOf(nextDayOrder.json().order.id)).toEqual({ fee: 98 + 49, isTest: false });

    const test = await place(shop.teamId, orderBody(shop.ticket.id, 1, { payment_method: 'test' }));
    expect(test.statusCode, test.body).toBe(201);
    expect(await feeOf(test.json().order.id)).toEqual({ fee: 0, isTest: true });
  });

  it('the integration settings show the plan in force', async () => {
    const shop = await makeShop(db(), { plan: 'business' });
    const [u] = await db().select().from(users).where(eq(users.id, shop.team.ownerId));
    const client = await loginAs(t.app, u!.email);
    expect((await client.get('/api/config/integration')).json().data.tier).toBe('business');
    await db()
      .delete(teamPlanChanges)
      .where(and(eq(teamPlanChanges.teamId, shop.teamId)));
    expect((await client.get('/api/config/integration')).json().data.tier).toBe('payg');
  });
});
