import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipEvents, memberships, subscriptions, subscriptionTiers, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A company owner with the subscriptions feature on. */
async function provider(): Promise<Staff> {
  const s = await owner(t.app);
  await setSubscriptionsFeature(t.app.deps.db, s.team.id, true);
  return s;
}

const name = (text: string) => ({ de: text, en: text });

async function createSubscription(p: Staff, body: Record<string, unknown> = {}) {
  const res = await p.client.post('/api/subscriptions', { name: name('Yoga Abo'), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string; tiers: unknown[] };
}

async function createTier(p: Staff, sid: number, body: Record<string, unknown> = {}) {
  const res = await p.client.post(`/api/subscriptions/${sid}/tiers`, { name: name('Monat'), price: '120', interval: 'month', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; price_minor: number; credits: number | null; valid_days: number | null; tax_rate: number };
}

describe('subscriptions: the feature and the permission', () => {
  it('answers 403 with a message on every call while the feature is off, and works once it is on', async () => {
    const p = await owner(t.app);
    for (const [method, url] of [
      ['GET', '/api/subscriptions'],
      ['POST', '/api/subscriptions'],
      ['GET', '/api/subscriptions/stats'],
      ['GET', '/api/subscriptions/1'],
      ['PUT', '/api/subscriptions/1'],
      ['DELETE', '/api/subscriptions/1'],
      ['POST', '/api/subscriptions/1/tiers'],
      ['GET', '/api/subscriptions/1/members'],
      ['POST', '/api/subscriptions/1/members/1/credits'],
    ] as const) {
      const res = await p.client.request(method, url, method === 'GET' ? undefined : { name: name('X') });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/Subscriptions are switched off|Abonnemente sind .* ausgeschaltet/);
    }
    expect((await p.client.get('/api/config/features')).json().data.subscriptions).toBe(false);
    const on = await p.client.request('PUT', '/api/config/features', { subscriptions: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await p.client.get('/api/subscriptions')).statusCode).toBe(200);
  });

  it('is refused to instructors (403), allowed to editors', async () => {
    const p = await provider();
    const instructor = await staff(t.app, p.team, 'instructor');
    expect((await instructor.client.get('/api/subscriptions')).statusCode).toBe(403);
    const editor = await staff(t.app, p.team, 'editor');
    expect((await editor.client.get('/api/subscriptions')).statusCode).toBe(200);
  });
});

describe('subscriptions (back office)', () => {
  it('are created (draft by default), read with their tiers, listed, changed in part and deleted', async () => {
    const p = await provider();
    const activity = await makeActivity(t.app.deps.db, p.team.id);
    const created = await createSubscription(p, {
      description: { de: 'Alle Yogastunden', en: 'Every yoga class' },
      activity_ids: [activity.id, activity.id],
    });
    expect(created).toMatchObject({
      status: 'draft',
      activity_ids: [activity.id],
      type_set_ids: [],
      tier_count: 0,
      member_count: 0,
      tiers: [],
    });
    const changed = await p.client.request('PUT', `/api/subscriptions/${created.id}`, { status: 'published' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      success: true,
      message: 'Das Abonnement wurde gespeichert.',
      data: { status: 'published', activity_ids: [activity.id], name: { de: 'Yoga Abo', en: 'Yoga Abo' } },
    });
    await createSubscription(p, { name: name('Kinder Tanz') });
    const list = await p.client.get('/api/subscriptions?columnFilters[name]=tanz');
    expect(list.json()).toMatchObject({ meta: { total: 1 }, data: [{ name_text: 'Kinder Tanz' }] });
    const published = await p.client.get('/api/subscriptions?columnFilters[status]=published');
    expect(published.json().data.map((s: { id: number }) => s.id)).toEqual([created.id]);
    expect((await p.client.get('/api/subscriptions?columnFilters[status]=nonsense')).json().meta.total).toBe(0);
    const sorted = await p.client.get('/api/subscriptions?sort[field]=name&sort[type]=asc');
    expect(sorted.json().data.map((s: { name_text: string }) => s.name_text)).toEqual(['Kinder Tanz', 'Yoga Abo']);
    const deleted = await p.client.request('DELETE', `/api/subscriptions/${created.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Das Abonnement wurde gelöscht.' });
    expect((await p.client.get(`/api/subscriptions/${created.id}`)).statusCode).toBe(404);
  });

  it('needs the name in every company language and only its own activities and type sets (422, nothing stored)', async () => {
    const p = await provider();
    const other = await provider();
    const foreign = await makeActivity(t.app.deps.db, other.team.id);
    const res = await p.client.post('/api/subscriptions', {
      name: { de: 'Nur Deutsch' },
      activity_ids: [foreign.id],
      type_set_ids: [999_999],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['activity_ids.0', 'name.en', 'type_set_ids.0']);
    expect(errors['activity_ids.0']).toEqual(['Diese Aktivität gibt es in Ihrer Firma nicht.']);
    expect(await t.app.deps.db.select().from(subscriptions).where(eq(subscriptions.teamId, p.team.id))).toEqual([]);
  });

  it('refuses hostile bodies with 422 and changes nothing', async () => {
    const p = await provider();
    const s = await createSubscription(p);
    const bodies: unknown[] = [
      { name: name('X'), __proto__: { status: 'published' }, constructor: 1 },
      { name: name('X'), status: 'archived' },
      { name: name('X'), activity_ids: ['1'] },
      { name: name('X'), activity_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { name: { de: 'x'.repeat(201), en: 'X' } },
      { name: name('Zeile\u0000Null') },
      { name: 'Yoga' },
      [],
    ];
    for (const body of bodies) {
      const res = await p.client.request('PUT', `/api/subscriptions/${s.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const tierBodies: unknown[] = [
      { name: name('T'), price: '-1', interval: 'month' },
      { name: name('T'), price: '12.345', interval: 'month' },
      { name: name('T'), price: '1e9', interval: 'month' },
      { name: name('T'), price: '10', interval: 'week' },
      { name: name('T'), price: '10', interval: 'month', credits: 0 },
      { name: name('T'), price: '10', interval: 'month', credits: 1001 },
      { name: name('T'), price: '10', interval: 'month', seats_per_booking: 11 },
      { name: name('T'), price: '10', interval: 'month', tax_rate: 'viel' },
      { name: name('T'), price: '10', interval: 'month', valid_days: 30 },
      { name: name('T'), price: '10', interval: 'once' },
      { name: name('T'), price: '10', interval: 'once', valid_days: 3651 },
      { name: name('T'), price: '10', interval: 'month', extra: true },
    ];
    for (const body of tierBodies) {
      const res = await p.client.post(`/api/subscriptions/${s.id}/tiers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const after = await p.client.get(`/api/subscriptions/${s.id}`);
    expect(after.json().data).toMatchObject({ status: 'draft', tiers: [] });
    expect(Object.getPrototypeOf({})).toEqual(Object.prototype);
  });
});

describe('tiers', () => {
  it('store prices exactly, default the tax rate to the company’s, keep credits null for unlimited, and change in part', async () => {
    const p = await provider();
    const s = await createSubscription(p);
    const monthly = await createTier(p, s.id, { price: '120.50' });
    expect(monthly).toMatchObject({
      price_minor: 12050,
      price: 120.5,
      credits: null,
      valid_days: null,
      seats_per_booking: 1,
      active: true,
    });
    expect(monthly.tax_rate).toBe(0); // the test company is not registered for VAT
    const pass = await createTier(p, s.id, {
      name: name('10er-Karte'),
      price: '200',
      interval: 'once',
      valid_days: 180,
      credits: 10,
      seats_per_booking: 2,
      tax_rate: '8.1',
    });
    expect(pass).toMatchObject({ price_minor: 20000, credits: 10, valid_days: 180, seats_per_booking: 2, tax_rate: 8.1 });
    // A PUT sends only what changes; a pass that becomes monthly drops its validity.
    const changed = await p.client.request('PUT', `/api/subscriptions/${s.id}/tiers/${pass.id}`, { interval: 'month', active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ interval: 'month', valid_days: null, credits: 10, price_minor: 20000, active: false });
    const detail = (await p.client.get(`/api/subscriptions/${s.id}`)).json().data;
    expect(detail.tiers.map((x: { id: number }) => x.id)).toEqual([monthly.id, pass.id]);
    expect(detail.tier_count).toBe(2);
    const once = await p.client.request('PUT', `/api/subscriptions/${s.id}/tiers/${monthly.id}`, { interval: 'once' });
    expect(once.statusCode).toBe(422);
    expect(once.json().errors.valid_days).toEqual(['Ein Einzelpass braucht die Anzahl Tage, die er gültig ist.']);
    expect((await p.client.request('DELETE', `/api/subscriptions/${s.id}/tiers/${monthly.id}`)).statusCode).toBe(200);
    expect((await p.client.get(`/api/subscriptions/${s.id}/tiers/${monthly.id}`)).statusCode).toBe(404);
  });

  it('of another subscription are not found under this one', async () => {
    const p = await provider();
    const s1 = await createSubscription(p);
    const s2 = await createSubscription(p, { name: name('Zweites') });
    const tier = await createTier(p, s1.id);
    expect((await p.client.get(`/api/subscriptions/${s2.id}/tiers/${tier.id}`)).statusCode).toBe(404);
    expect((await p.client.request('PUT', `/api/subscriptions/${s2.id}/tiers/${tier.id}`, { active: false })).statusCode).toBe(404);
    expect((await p.client.request('DELETE', `/api/subscriptions/${s2.id}/tiers/${tier.id}`)).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('are listed with filters, read with their history, given credits back and cancelled', async () => {
    const p = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const pass = await makeTier(db, p.team.id, s.id, {
      name: { de: '10er', en: '10 classes' },
      interval: 'once',
      validDays: 180,
      credits: 10,
    });
    const unlimited = await makeTier(db, p.team.id, s.id);
    const anna = await makeMember(db, p.team.id, pass, { email: 'anna@example.com', firstname: 'Anna', lastname: 'Aebi' });
    const ben = await makeMember(db, p.team.id, unlimited, { email: 'ben@example.com', firstname: 'Ben', lastname: 'Bauer' });
    const base = `/api/subscriptions/${s.id}/members`;
    const listed = await p.client.get(`${base}?sort[field]=lastname&sort[type]=asc`);
    expect(listed.statusCode, listed.body).toBe(200);
    const all = listed.json();
    expect(all.meta.total).toBe(2);
    expect(all.data[0]).toMatchObject({
      id: anna.membership.id,
      customer: { firstname: 'Anna', lastname: 'Aebi', email: 'anna@example.com' },
      tier_id: pass.id,
      tier_name: '10er',
      status: 'active',
      credits_left: 10,
      cancel_at_period_end: false,
    });
    expect((await p.client.get(`${base}?columnFilters[search]=Bauer`)).json().data.map((m: { id: number }) => m.id)).toEqual([
      ben.membership.id,
    ]);
    expect((await p.client.get(`${base}?columnFilters[tier_id]=${pass.id}`)).json().meta.total).toBe(1);
    expect((await p.client.get(`${base}?columnFilters[status]=expired`)).json().meta.total).toBe(0);
    expect((await p.client.get(`${base}?columnFilters[tier_id]=abc`)).json().meta.total).toBe(0);

    const given = await p.client.post(`${base}/${anna.membership.id}/credits`, { credits: 2, note: 'Kurs ausgefallen' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ message: '2 Guthaben wurden zurückgegeben.', data: { credits_left: 12 } });
    expect(given.json().data.events[0]).toMatchObject({
      kind: 'credits_granted',
      credits: 2,
      note: 'Kurs ausgefallen',
      by: expect.any(String),
    });
    const unlimitedCredits = await p.client.post(`${base}/${ben.membership.id}/credits`, { credits: 1 });
    expect(unlimitedCredits.statusCode).toBe(422);
    expect(unlimitedCredits.json().errors.credits).toEqual(['Die Stufe dieses Mitglieds hat unbegrenzte Guthaben.']);

    const scheduled = await p.client.post(`${base}/${ben.membership.id}/cancel`, { mode: 'period_end' });
    expect(scheduled.json()).toMatchObject({
      message: 'Die Mitgliedschaft endet mit der laufenden Periode und wird nicht verlängert.',
      data: { status: 'active', cancel_at_period_end: true, events: [{ kind: 'cancel_scheduled' }] },
    });
    expect((await p.client.post(`${base}/${ben.membership.id}/cancel`, { mode: 'period_end' })).statusCode).toBe(409);
    const now = await p.client.post(`${base}/${ben.membership.id}/cancel`, { mode: 'now', refund: true });
    expect(now.json()).toMatchObject({
      message: 'Die Mitgliedschaft wurde gekündigt; es gab keine Zahlung mehr zu erstatten.',
      data: { status: 'cancelled' },
    });
    const again = await p.client.post(`${base}/${ben.membership.id}/cancel`, { mode: 'now' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Diese Mitgliedschaft ist bereits beendet.');
    expect((await p.client.post(`${base}/${ben.membership.id}/credits`, { credits: 1 })).statusCode).toBe(422);

    // Bought or held: neither the subscription nor its tiers can be deleted.
    const del = await p.client.request('DELETE', `/api/subscriptions/${s.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/hat Mitglieder/);
    expect((await p.client.request('DELETE', `/api/subscriptions/${s.id}/tiers/${pass.id}`)).statusCode).toBe(409);
  });

  it('give credits back exactly once per call, also when many arrive at once', async () => {
    const p = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const pass = await makeTier(db, p.team.id, s.id, { interval: 'once', validDays: 30, credits: 5 });
    const m = await makeMember(db, p.team.id, pass);
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => p.client.post(`/api/subscriptions/${s.id}/members/${m.membership.id}/credits`, { credits: 1 })),
    );
    expect(calls.map((c) => c.statusCode)).toEqual(Array<number>(8).fill(200));
    const [row] = await db.select().from(memberships).where(eq(memberships.id, m.membership.id));
    expect(row!.creditsLeft).toBe(13);
    const events = await db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, m.membership.id));
    expect(events).toHaveLength(8);
  });

  it('of another company or another subscription are not found (404), and nothing changes', async () => {
    const a = await provider();
    const b = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, a.team.id);
    const tier = await makeTier(db, a.team.id, s.id, { interval: 'once', validDays: 30, credits: 3 });
    const m = await makeMember(db, a.team.id, tier);
    const own = await makeSubscription(db, b.team.id);
    for (const sid of [s.id, own.id]) {
      expect((await b.client.get(`/api/subscriptions/${sid}/members/${m.membership.id}`)).statusCode).toBe(404);
      expect((await b.client.post(`/api/subscriptions/${sid}/members/${m.membership.id}/credits`, { credits: 5 })).statusCode).toBe(404);
      expect((await b.client.post(`/api/subscriptions/${sid}/members/${m.membership.id}/cancel`, { mode: 'now' })).statusCode).toBe(404);
    }
    expect((await b.client.get(`/api/subscriptions/${s.id}/members`)).statusCode).toBe(404);
    const other = await makeSubscription(db, a.team.id, 'Other');
    expect((await a.client.get(`/api/subscriptions/${other.id}/members/${m.membership.id}`)).statusCode).toBe(404);
    const [row] = await db.select().from(memberships).where(eq(memberships.id, m.membership.id));
    expect(row).toMatchObject({ status: 'active', creditsLeft: 3 });
  });
});

describe('members export', () => {
  it('exports a subscription’s members with the list’s filters as CSV; another company’s subscription: 404; feature off: 403', async () => {
    const p = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const pass = await makeTier(db, p.team.id, s.id, {
      name: { de: '10er', en: '10 classes' },
      interval: 'once',
      validDays: 180,
      credits: 10,
    });
    const monthly = await makeTier(db, p.team.id, s.id);
    await makeMember(db, p.team.id, pass, { email: 'anna@example.com', firstname: 'Anna', lastname: 'Aebi' });
    await makeMember(db, p.team.id, monthly, { email: 'ben@example.com', firstname: 'Ben', lastname: 'Bauer' });
    await makeMember(db, p.team.id, monthly, { email: 'cleo@example.com', firstname: 'Cleo', lastname: 'Chen', status: 'expired' });
    const res = await p.client.post('/api/exports', {
      type: 'subscription_members',
      format: 'csv',
      columnFilters: { subscription_id: String(s.id), status: 'active' },
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="members-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Subscription,Tier,Status,Last name,First name,E-mail,Period start,Period end,Credits left,Renews,Member since');
    expect(lines.slice(1).map((l) => [...l.split(',').slice(1, 6), ...l.split(',').slice(8, 10)])).toEqual([
      ['10 classes', 'active', 'Aebi', 'Anna', 'anna@example.com', '10', 'yes'],
      ['Monthly', 'active', 'Bauer', 'Ben', 'ben@example.com', 'unlimited', 'yes'],
    ]);
    const xlsx = await p.client.post('/api/exports', {
      type: 'subscription_members',
      format: 'xlsx',
      columnFilters: { subscription_id: String(s.id) },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const other = await provider();
    const foreign = await other.client.post('/api/exports', {
      type: 'subscription_members',
      format: 'csv',
      columnFilters: { subscription_id: String(s.id) },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('anna@example.com');
    expect((await p.client.post('/api/exports', { type: 'subscription_members', format: 'csv' })).statusCode).toBe(404);
    const instructor = await staff(t.app, p.team, 'instructor');
    expect(
      (
        await instructor.client.post('/api/exports', {
          type: 'subscription_members',
          format: 'csv',
          columnFilters: { subscription_id: String(s.id) },
        })
      ).statusCode,
    ).toBe(403);
    await setSubscriptionsFeature(db, p.team.id, false);
    const off = await p.client.post('/api/exports', {
      type: 'subscription_members',
      format: 'csv',
      columnFilters: { subscription_id: String(s.id) },
    });
    expect(off.statusCode).toBe(403);
  });
});

describe('statistics', () => {
  it('count active and past-due members, monthly recurring revenue and churn; test mode left out', async () => {
    const p = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const monthly = await makeTier(db, p.team.id, s.id, { priceMinor: 12000 });
    const yearly = await makeTier(db, p.team.id, s.id, { interval: 'year', priceMinor: 38000 });
    const pass = await makeTier(db, p.team.id, s.id, { interval: 'once', validDays: 180, credits: 10, priceMinor: 20000 });
    const old = new Date(Date.now() - 60 * 86_400_000);
    await makeMember(db, p.team.id, monthly, { createdAt: old });
    await makeMember(db, p.team.id, monthly, { createdAt: old });
    await makeMember(db, p.team.id, monthly, { isTest: true });
    await makeMember(db, p.team.id, yearly, { createdAt: old });
    await makeMember(db, p.team.id, pass);
    await makeMember(db, p.team.id, monthly, { status: 'past_due', createdAt: old });
    await makeMember(db, p.team.id, monthly, { status: 'cancelled', createdAt: old, endedAt: new Date(Date.now() - 86_400_000) });
    const res = await p.client.get('/api/subscriptions/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    // 2 × 120.00 + 380.00 / 12 = 271.67
    expect(stats).toMatchObject({ currency: 'CHF', active_members: 4, past_due_members: 1, mrr_minor: 27167 });
    // Held 30 days ago: 5 (two monthly, yearly, past due, the cancelled one); ended since: 1.
    expect(stats.churn_percent).toBe(20);
    expect(stats.tiers.find((x: { tier_id: number }) => x.tier_id === monthly.id)).toMatchObject({ active_members: 2, mrr_minor: 24000 });
    expect(stats.tiers.find((x: { tier_id: number }) => x.tier_id === pass.id)).toMatchObject({ active_members: 1, mrr_minor: 0 });
  });
});

describe('the shop’s list', () => {
  it('shows published subscriptions with their active tiers in the asked language; 404 while the feature is off', async () => {
    const p = await provider();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id, 'Yoga');
    await db
      .update(subscriptions)
      .set({ name: { de: 'Yoga Abo', en: 'Yoga membership', fr: 'Abonnement yoga' } })
      .where(eq(subscriptions.id, s.id));
    const monthly = await makeTier(db, p.team.id, s.id);
    await makeTier(db, p.team.id, s.id, { active: false, name: { de: 'Alt', en: 'Old' } });
    await makeSubscription(db, p.team.id, 'Entwurf', 'draft');
    const anon = new TestClient(t.app);
    // No payment method yet: the paid tier is not offered, and nothing is left to show.
    expect((await anon.get(`/api/public/teams/${p.team.id}/subscriptions`)).json().data).toEqual([]);
    await db.insert(teamSellingSettings).values({ teamId: p.team.id, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const res = await anon.get(`/api/public/teams/${p.team.id}/subscriptions?lang=fr`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual([
      {
        id: s.id,
        name: 'Abonnement yoga',
        description: '',
        covers_all: true,
        tiers: [
          {
            id: monthly.id,
            name: 'Mensuel',
            price: 120,
            price_minor: 12000,
            currency: 'CHF',
            interval: 'month',
            valid_days: null,
            credits: null,
            seats_per_booking: 1,
          },
        ],
      },
    ]);
    await setSubscriptionsFeature(db, p.team.id, false);
    expect((await anon.get(`/api/public/teams/${p.team.id}/subscriptions`)).statusCode).toBe(404);
    expect((await anon.get('/api/public/teams/2147483647/subscriptions')).statusCode).toBe(404);
    // Existing rows stay; the feature only hides them.
    expect(await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.subscriptionId, s.id))).toHaveLength(2);
  });
});
