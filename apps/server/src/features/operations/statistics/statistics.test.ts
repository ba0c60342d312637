import type { PaymentProvider, PaymentStatus } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orderProducts, orders, teams } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs, makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { endUnpaidOrder, markOrderPaid, recordRefund } from '../../selling/orders/index.ts';

/**
 * Every figure of the dashboard, the sales chart and the statistics page against a count made here,
 * in plain TypeScript, from the orders this test inserted (a ledger): several teams, every payment
 * status, refunds, free orders, paid-without-date, another currency, discounts, products, and days
 * at midnight in the team's time zone. Then changes after the first read (the rollup must see
 * them), permissions and other teams' data.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const selling = () => ({ db: t.app.deps.db, config: t.app.deps.config });

interface Entry {
  teamId: number;
  orderId: number;
  activity: string;
  ticketId: number;
  status: PaymentStatus;
  paidAt: boolean;
  paymentType: PaymentProvider;
  currency: string;
  totalMinor: number;
  refundedMinor: number;
  participants: number;
  products: number;
  discountMinor: number;
  discountCode: string | null;
  feeMinor: number;
  createdAt: Date;
}

const ledger: Entry[] = [];

interface TicketRef {
  id: number;
  priceMinor: number;
  activity: string;
  currency: string;
}

interface OrderSpec {
  ticket: TicketRef;
  participants?: number;
  status: PaymentStatus;
  paidAt?: boolean;
  paymentType?: PaymentProvider;
  createdAt: string;
  refundedMinor?: number;
  products?: number;
  discount?: { id: number; code: string; minor: number };
  feeMinor?: number;
}

async function order(teamId: number, spec: OrderSpec): Promise<Entry> {
  const n = spec.participants ?? 1;
  const people = Array.from({ length: n }, (_, i) => ({ firstname: 'Teil', lastname: `Nehmer ${i}` }));
  const paymentType = spec.paymentType ?? (spec.ticket.priceMinor === 0 ? 'free' : 'invoice');
  const { order: row } = await makeOrder(db(), teamId, {
    ticketId: spec.ticket.id,
    participants: people,
    paymentStatus: spec.status,
    paymentType,
  });
  const paidAt = spec.paidAt ?? spec.status === 'paid';
  const discountMinor = spec.discount?.minor ?? 0;
  const total = row.totalMinor - discountMinor;
  await db()
    .update(orders)
    .set({
      createdAt: new Date(spec.createdAt),
      updatedAt: new Date(),
      paidAt: paidAt ? new Date(spec.createdAt) : null,
      refundedMinor: spec.refundedMinor ?? 0,
      totalMinor: total,
      discountTotalMinor: discountMinor,
      discountId: spec.discount?.id ?? null,
      discountCode: spec.discount?.code ?? null,
      platformFeeMinor: spec.feeMinor ?? 0,
    })
    .where(eq(orders.id, row.id));
  if (spec.products)
    await db()
      .insert(orderProducts)
      .values({
        teamId,
        orderId: row.id,
        name: { de: 'Matte' },
        unitPriceMinor: 500,
        quantity: spec.products,
        totalMinor: 500 * spec.products,
      });
  const entry: Entry = {
    teamId,
    orderId: row.id,
    activity: spec.ticket.activity,
    ticketId: spec.ticket.id,
    status: spec.status,
    paidAt,
    paymentType,
    currency: row.currency,
    totalMinor: total,
    refundedMinor: spec.refundedMinor ?? 0,
    participants: n,
    products: spec.products ?? 0,
    discountMinor,
    discountCode: spec.discount?.code ?? null,
    feeMinor: spec.feeMinor ?? 0,
    createdAt: new Date(spec.createdAt),
  };
  ledger.push(entry);
  return entry;
}

// ─── The count made here ────────────────────────────────────────────────────

const counted = (e: Entry) => e.status === 'free' || e.status === 'partially-refunded' || (e.status === 'paid' && e.paidAt);
const tookMoney = (e: Entry) => counted(e) && e.status !== 'free';
const booked = (e: Entry) => ['paid', 'free', 'partially-refunded', 'refunded', 'waiting'].includes(e.status);
const holding = (e: Entry) => ['paid', 'free', 'partially-refunded', 'waiting'].includes(e.status);

function dayIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

interface TeamRef {
  id: number;
  currency: string;
  timeZone: string;
}

const entriesOf = (team: TeamRef, filter: (e: Entry) => boolean = () => true) => ledger.filter((e) => e.teamId === team.id && filter(e));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const major = (minor: number) => Math.round(minor) / 100;

function expectedDashboard(team: TeamRef, courses: number) {
  const c = entriesOf(team, counted);
  return {
    course_count: courses,
    participant_count: sum(c.map((e) => e.participants)),
    products_sold_count: sum(c.map((e) => e.products)),
    total: major(sum(entriesOf(team, (e) => tookMoney(e) && e.currency === team.currency).map((e) => e.totalMinor - e.refundedMinor))),
  };
}

function expectedDays(team: TeamRef, days: string[]) {
  const pick = (day: string) => entriesOf(team, (e) => dayIn(e.createdAt, team.timeZone) === day);
  const money = (e: Entry) => e.currency === team.currency;
  return {
    sales_all: Object.fromEntries(
      days.map((d) => [
        d,
        major(
          sum(
            pick(d)
              .filter((e) => booked(e) && money(e))
              .map((e) => e.totalMinor),
          ),
        ),
      ]),
    ),
    sales: Object.fromEntries(
      days.map((d) => [
        d,
        major(
          sum(
            pick(d)
              .filter((e) => tookMoney(e) && money(e))
              .map((e) => e.totalMinor - e.refundedMinor),
          ),
        ),
      ]),
    ),
    order_count: Object.fromEntries(days.map((d) => [d, pick(d).filter(counted).length])),
  };
}

function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d = new Date(d.getTime() + 86_400_000))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

// ─── The world ──────────────────────────────────────────────────────────────

interface World {
  a: Staff;
  teamA: TeamRef;
  yoga: TicketRef;
  pilates: TicketRef;
  free: TicketRef;
  discountId: number;
  open: Entry;
  toRefund: Entry;
  toRefundFully: Entry;
  toCancel: Entry;
  old: Entry;
  b: Staff;
  teamB: TeamRef;
  c: Staff;
  teamC: TeamRef;
}

let w: World;

async function tickets(teamId: number, name: string, priceMinor: number, currency = 'CHF'): Promise<TicketRef> {
  const activity = await makeActivity(db(), teamId, { name: { de: name, en: name } });
  const ticket = await makeTicket(db(), teamId, activity.id, {
    priceMinor,
    currency,
    stock: 1000,
    name: { de: `${name} Ticket`, en: `${name} ticket` },
  });
  return { id: ticket.id, priceMinor, activity: name, currency };
}

beforeAll(async () => {
  const a = await owner(t.app);
  const teamA = { id: a.team.id, currency: 'CHF', timeZone: 'Europe/Zurich' };
  const yoga = await tickets(a.team.id, 'Yoga', 3000);
  const pilates = await tickets(a.team.id, 'Pilates', 4550);
  const free = await tickets(a.team.id, 'Schnupperstunde', 0);
  const [discount] = await db().insert(discounts).values({ teamId: a.team.id, code: 'SOMMER', type: 'fixed', value: 500 }).returning();
  const sommer = { id: discount!.id, code: 'SOMMER', minor: 500 };

  // Team A, January to April 2026 (Zurich: CET until 29 March, then CEST).
  await order(a.team.id, { ticket: yoga, participants: 2, status: 'paid', createdAt: '2026-01-05T09:00:00Z', products: 2, feeMinor: 523 });
  await order(a.team.id, {
    ticket: pilates,
    status: 'paid',
    paymentType: 'stripe',
    createdAt: '2026-01-05T10:00:00Z',
    discount: sommer,
    feeMinor: 330,
  });
  // 23:30 UTC on 15 January is 00:30 on the 16th in Zurich.
  const old = await order(a.team.id, { ticket: yoga, participants: 3, status: 'paid', createdAt: '2026-01-15T23:30:00Z', feeMinor: 760 });
  await order(a.team.id, { ticket: free, participants: 3, status: 'free', createdAt: '2026-02-10T12:00:00Z', products: 1 });
  const open = await order(a.team.id, { ticket: pilates, status: 'waiting', createdAt: '2026-02-11T12:00:00Z' });
  await order(a.team.id, { ticket: yoga, status: 'expired', createdAt: '2026-02-12T12:00:00Z' });
  await order(a.team.id, { ticket: yoga, status: 'declined', paymentType: 'stripe', createdAt: '2026-02-12T13:00:00Z' });
  await order(a.team.id, { ticket: yoga, status: 'error', paymentType: 'stripe', createdAt: '2026-02-12T14:00:00Z' });
  // Paid without paid_at: spec §4 calls it "Unpaid", so it does not count.
  await order(a.team.id, { ticket: yoga, status: 'paid', paidAt: false, createdAt: '2026-02-13T12:00:00Z' });
  await order(a.team.id, {
    ticket: yoga,
    participants: 2,
    status: 'partially-refunded',
    refundedMinor: 1000,
    createdAt: '2026-03-01T08:00:00Z',
  });
  await order(a.team.id, { ticket: pilates, status: 'refunded', refundedMinor: 4550, createdAt: '2026-03-02T08:00:00Z' });
  // The same instant on both sides of midnight (CEST, UTC+2): 31 March 23:59:59 and 1 April 00:00.
  await order(a.team.id, { ticket: yoga, status: 'paid', createdAt: '2026-03-31T21:59:59Z', products: 1 });
  await order(a.team.id, { ticket: pilates, status: 'paid', createdAt: '2026-03-31T22:00:00Z', discount: sommer });
  // Paid in another currency (the team changed it): counts as an order, its money is not added.
  const euro = await tickets(a.team.id, 'Euro-Kurs', 2000, 'EUR');
  await order(a.team.id, { ticket: euro, status: 'paid', createdAt: '2026-04-02T08:00:00Z' });
  // Changed later through the real state changes.
  const toRefund = await order(a.team.id, { ticket: pilates, participants: 2, status: 'paid', createdAt: '2026-04-03T08:00:00Z' });
  const toRefundFully = await order(a.team.id, { ticket: yoga, status: 'paid', createdAt: '2026-04-04T08:00:00Z' });
  const toCancel = await order(a.team.id, { ticket: yoga, status: 'waiting', createdAt: '2026-04-05T08:00:00Z' });

  // Team B: the same days, never in A's figures.
  const b = await owner(t.app);
  const teamB = { id: b.team.id, currency: 'CHF', timeZone: 'Europe/Zurich' };
  const bTicket = await tickets(b.team.id, 'Beta Kurs', 9900);
  await order(b.team.id, { ticket: bTicket, participants: 4, status: 'paid', createdAt: '2026-01-05T09:00:00Z', products: 3 });
  await order(b.team.id, { ticket: bTicket, status: 'partially-refunded', refundedMinor: 900, createdAt: '2026-03-31T22:30:00Z' });

  // Team C: New York and euros. 03:00 UTC on 10 March is 23:00 on the 9th there (EDT since 8 March).
  const c = await owner(t.app);
  await db().update(teams).set({ timeZone: 'America/New_York', currency: 'EUR' }).where(eq(teams.id, c.team.id));
  const teamC = { id: c.team.id, currency: 'EUR', timeZone: 'America/New_York' };
  const cTicket = await tickets(c.team.id, 'Gamma Kurs', 1250, 'EUR');
  await order(c.team.id, { ticket: cTicket, status: 'paid', createdAt: '2026-03-10T03:00:00Z' });
  await order(c.team.id, { ticket: cTicket, participants: 2, status: 'paid', createdAt: '2026-03-10T05:00:00Z' });

  w = { a, teamA, yoga, pilates, free, discountId: sommer.id, open, toRefund, toRefundFully, toCancel, old, b, teamB, c, teamC };
});

// ─── Tests ──────────────────────────────────────────────────────────────────

describe('dashboard figures (GET /api/statistics/dashboard)', () => {
  it('equal the count of paid and free orders of the team, with the money kept in its currency', async () => {
    const res = await w.a.client.get('/api/statistics/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Activities: Yoga, Pilates, Schnupperstunde, Euro-Kurs.
    expect(res.json()).toEqual(expectedDashboard(w.teamA, 4));
    // Spelled out once, so the count above cannot agree with a wrong rule by accident:
    // participants 2+1+3+3(free)+2(partial)+1+1+1(EUR)+2+1 = 17; products 2+1(free)+1 = 4;
    // money 60 + 40.50 + 90 + (60−10) + 30 + 40.50 + 91 + 30 = 432 (EUR and unpaid left out).
    expect(res.json()).toEqual({ course_count: 4, participant_count: 17, products_sold_count: 4, total: 432 });
    expect((await w.b.client.get('/api/statistics/dashboard')).json()).toEqual(expectedDashboard(w.teamB, 1));
    expect((await w.c.client.get('/api/statistics/dashboard')).json()).toEqual({
      course_count: 1,
      participant_count: 3,
      products_sold_count: 0,
      total: 37.5,
    });
  });

  // Many orders, payments and refunds through the app: 32 s beside the end-to-end tests in CI. The
  // limit only detects a hang (decision 015).
  it(
    'follow every change after the first read: payments, refunds, cancellations, new and back-dated orders',
    { timeout: 120_000 },
    async () => {
      await w.a.client.get('/api/statistics/dashboard');
      await markOrderPaid(selling(), { teamId: w.teamA.id, orderId: w.open.orderId, who: { actor: 'staff' } });
      Object.assign(w.open, { status: 'paid', paidAt: true });
      await recordRefund(selling(), { teamId: w.teamA.id, orderId: w.toRefund.orderId, amountMinor: 2550, who: { actor: 'staff' } });
      Object.assign(w.toRefund, { status: 'partially-refunded', refundedMinor: 2550 });
      await recordRefund(selling(), { teamId: w.teamA.id, orderId: w.toRefundFully.orderId, who: { actor: 'staff' } });
      Object.assign(w.toRefundFully, { status: 'refunded', refundedMinor: w.toRefundFully.totalMinor });
      await endUnpaidOrder(selling(), { teamId: w.teamA.id, orderId: w.toCancel.orderId, status: 'cancelled', who: { actor: 'staff' } });
      w.toCancel.status = 'cancelled';
      // An order of January refunded today: its old day changes.
      await recordRefund(selling(), { teamId: w.teamA.id, orderId: w.old.orderId, amountMinor: 3000, who: { actor: 'staff' } });
      Object.assign(w.old, { status: 'partially-refunded', refundedMinor: 3000 });
      const fresh = await order(w.teamA.id, { ticket: w.pilates, status: 'paid', createdAt: new Date().toISOString(), products: 2 });

      // Several reads at once share the refresh and all see the same, current figures.
      const replies = await Promise.all(Array.from({ length: 6 }, () => w.a.client.get('/api/statistics/dashboard')));
      const expected = expectedDashboard(w.teamA, 4);
      for (const r of replies) expect(r.json()).toEqual(expected);
      expect(expected.total).toBe(432 + 45.5 - 25.5 - 30 - 30 + 45.5);

      const today = dayIn(fresh.createdAt, 'Europe/Zurich');
      const sales = (await w.a.client.get(`/api/statistics/sales?from=2026-01-01&to=${today}`)).json();
      expect(sales).toEqual(expectedDays(w.teamA, daysFrom('2026-01-01', today)));
      expect(sales.sales['2026-01-16']).toBe(60);
    },
  );

  it('sees a change stamped a little before it committed (the rollup looks back a safety window)', async () => {
    expect((await w.b.client.get('/api/statistics/dashboard')).json()).toEqual(expectedDashboard(w.teamB, 1));
    const [paid] = entriesOf(w.teamB, (e) => e.status === 'paid');
    // Stamped 90 seconds ago, as a transaction that waited on a lock would have stamped it.
    await db()
      .update(orders)
      .set({ paymentStatus: 'partially-refunded', refundedMinor: 9900, updatedAt: new Date(Date.now() - 90_000) })
      .where(eq(orders.id, paid!.orderId));
    Object.assign(paid!, { status: 'partially-refunded', refundedMinor: 9900 });
    const after = (await w.b.client.get('/api/statistics/dashboard')).json();
    expect(after).toEqual(expectedDashboard(w.teamB, 1));
    expect(after.total).toBe(major(4 * 9900 - 9900 + 9900 - 900));
  });

  it('answers 403 to an instructor, 409 without a company, 401 without a session', async () => {
    const instructor = await staff(t.app, w.a.team, 'instructor');
    for (const url of [
      '/api/statistics/dashboard',
      '/api/statistics/sales',
      '/api/statistics/report',
      '/api/statistics/export',
      '/api/dashboard/checklist',
    ]) {
      const res = await instructor.client.get(`${url}?language=en`);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('course_count');
    }
    expect((await instructor.client.request('PUT', '/api/dashboard/checklist', { completed: true })).statusCode).toBe(403);
    const editor = await staff(t.app, w.a.team, 'editor');
    expect((await editor.client.get('/api/statistics/dashboard')).json()).toEqual(expectedDashboard(w.teamA, 4));

    const gone = await createUserWithTeam(db());
    const client = await loginAs(t.app, gone.user.email);
    await db().delete(teams).where(eq(teams.id, gone.team.id));
    const noCompany = await client.get('/api/statistics/dashboard');
    expect(noCompany.statusCode).toBe(409);
    expect(noCompany.json().code).toBe('NO_COMPANY');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/statistics/sales' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('sales chart (GET /api/statistics/sales)', () => {
  it('has every day of the range, keyed by the day in the team’s time zone', async () => {
    const res = await w.a.client.get('/api/statistics/sales?from=2026-03-30&to=2026-04-02');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body.sales_all)).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02']);
    expect(Object.keys(body.order_count)).toEqual(Object.keys(body.sales_all));
    expect(body).toEqual(expectedDays(w.teamA, daysFrom('2026-03-30', '2026-04-02')));
    // 21:59:59 UTC belongs to 31 March, 22:00 UTC to 1 April (Zurich, CEST).
    expect(body.sales['2026-03-31']).toBe(30);
    expect(body.sales['2026-04-01']).toBe(40.5);
    // The EUR order counts as an order but adds no francs.
    expect(body.order_count['2026-04-02']).toBe(1);
    expect(body.sales['2026-04-02']).toBe(0);

    // New York: 03:00 and 05:00 UTC on 10 March are the evening of the 9th and 01:00 on the 10th.
    const ny = (await w.c.client.get('/api/statistics/sales?from=2026-03-09&to=2026-03-10')).json();
    expect(ny).toEqual({
      sales_all: { '2026-03-09': 12.5, '2026-03-10': 25 },
      sales: { '2026-03-09': 12.5, '2026-03-10': 25 },
      order_count: { '2026-03-09': 1, '2026-03-10': 1 },
    });
  });

  it('keeps sales at most the booked volume on every day, and counts booked unpaid orders only in sales_all', async () => {
    const body = (await w.a.client.get('/api/statistics/sales?from=2026-01-01&to=2026-03-31')).json();
    for (const day of Object.keys(body.sales)) expect(body.sales[day]).toBeLessThanOrEqual(body.sales_all[day]);
    // 13 February: paid without a date (30) — booked, neither sold nor an order.
    expect([body.sales_all['2026-02-13'], body.sales['2026-02-13'], body.order_count['2026-02-13']]).toEqual([30, 0, 0]);
    // 2 March: refunded in full — booked 45.50, kept 0.
    expect([body.sales_all['2026-03-02'], body.sales['2026-03-02'], body.order_count['2026-03-02']]).toEqual([45.5, 0, 0]);
    // 12 February: expired, declined, error — nothing.
    expect([body.sales_all['2026-02-12'], body.order_count['2026-02-12']]).toEqual([0, 0]);
  });

  it('defaults to the start of this month until today', async () => {
    const body = (await w.a.client.get('/api/statistics/sales')).json();
    const today = dayIn(new Date(), 'Europe/Zurich');
    expect(Object.keys(body.sales)).toEqual(daysFrom(`${today.slice(0, 8)}01`, today));
  });

  it('refuses bad ranges with a 422 in the request’s language', async () => {
    const bad = async (query: string, lang = 'en') => {
      const res = await w.a.client.get(`/api/statistics/sales?${query}&language=${lang}`);
      expect(res.statusCode, query).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await bad('from=2026-02-30')).toEqual({ from: ['Please enter a valid date.'] });
    expect(Object.keys(await bad('from=yesterday&to=2026-01-01'))).toEqual(['from']);
    expect(await bad('from=2026-03-02&to=2026-03-01')).toEqual({ to: ['The end date may not be before the start date.'] });
    expect(await bad('from=2026-03-02&to=2026-03-01', 'de')).toEqual({ to: ['Das Enddatum darf nicht vor dem Startdatum liegen.'] });
    expect(await bad('from=2025-01-01&to=2026-01-02')).toEqual({ to: ['Please choose a range of at most 366 days.'] });
    expect((await w.a.client.get('/api/statistics/sales?from=2025-01-02&to=2026-01-02')).statusCode).toBe(200);
  });
});

describe('statistics page (GET /api/statistics/report, /api/statistics/export)', () => {
  const range = 'from=2026-01-01&to=2026-04-05';
  const inRange = (e: Entry) => {
    const day = dayIn(e.createdAt, 'Europe/Zurich');
    return day >= '2026-01-01' && day <= '2026-04-05';
  };

  it('totals, buckets and breakdowns equal the count of the range', async () => {
    const res = await w.a.client.get(`/api/statistics/report?${range}&interval=month&language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    const mine = entriesOf(w.teamA, inRange);
    const c = mine.filter(counted);
    const chf = (e: Entry) => e.currency === 'CHF';
    const kept = (xs: Entry[]) => major(sum(xs.filter((e) => tookMoney(e) && chf(e)).map((e) => e.totalMinor - e.refundedMinor)));
    expect(r).toMatchObject({ from: '2026-01-01', to: '2026-04-05', interval: 'month', currency: 'CHF' });
    expect(r.totals).toMatchObject({
      orders: c.length,
      participants: sum(c.map((e) => e.participants)),
      products_sold: sum(c.map((e) => e.products)),
      sales: kept(mine),
      sales_all: major(sum(mine.filter((e) => booked(e) && chf(e)).map((e) => e.totalMinor))),
      refunds: major(sum(mine.filter(chf).map((e) => e.refundedMinor))),
      discounts: major(sum(c.filter(chf).map((e) => e.discountMinor))),
      platform_fees: major(sum(mine.filter((e) => tookMoney(e) && chf(e)).map((e) => e.feeMinor))),
    });
    expect(r.series.map((p: { period: string }) => p.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01']);
    const month = (m: string) => mine.filter((e) => dayIn(e.createdAt, 'Europe/Zurich').startsWith(m));
    expect(r.series.map((p: { sales: number }) => p.sales)).toEqual(
      ['2026-01', '2026-02', '2026-03', '2026-04'].map((m) => kept(month(m))),
    );
    // The midnight pair lands in March and April.
    expect(r.series[2].orders).toBe(month('2026-03').filter(counted).length);

    // Per activity: counted orders' ticket lines (line totals, before refunds); booked participants
    // add the unpaid orders still holding seats (issue 22 item 12).
    const byActivity = new Map<string, { orders: number; participants: number; participants_booked: number; sales: number }>();
    for (const e of mine.filter(holding)) {
      const row = byActivity.get(e.activity) ?? { orders: 0, participants: 0, participants_booked: 0, sales: 0 };
      row.participants_booked += e.participants;
      if (counted(e)) {
        row.orders += 1;
        row.participants += e.participants;
      }
      if (tookMoney(e) && chf(e)) row.sales += e.totalMinor + e.discountMinor;
      byActivity.set(e.activity, row);
    }
    expect(r.activities).toHaveLength(byActivity.size);
    for (const a of r.activities) {
      const want = byActivity.get(a.name)!;
      expect(
        { orders: a.orders, participants: a.participants, participants_booked: a.participants_booked, sales: a.sales },
        a.name,
      ).toEqual({
        ...want,
        sales: major(want.sales),
      });
    }
    expect(r.activities.some((a: { participants: number; participants_booked: number }) => a.participants_booked > a.participants)).toBe(
      true,
    );
    const countedActivities = new Set(c.map((e) => e.activity));
    expect(r.tickets.map((x: { name: string }) => x.name).sort()).toEqual([...countedActivities].map((n) => `${n} ticket`).sort());

    // Per payment type and discount code.
    const types = new Map<string, { orders: number; sales: number }>();
    for (const e of c) {
      const row = types.get(e.paymentType) ?? { orders: 0, sales: 0 };
      row.orders += 1;
      if (tookMoney(e) && chf(e)) row.sales += e.totalMinor - e.refundedMinor;
      types.set(e.paymentType, row);
    }
    expect(
      Object.fromEntries(r.payment_types.map((p: { payment_type: string; orders: number; sales: number }) => [p.payment_type, p])),
    ).toEqual(Object.fromEntries([...types].map(([k, v]) => [k, { payment_type: k, orders: v.orders, sales: major(v.sales) }])));
    const used = c.filter((e) => e.discountCode);
    expect(r.discounts).toEqual([
      {
        discount_id: w.discountId,
        code: 'SOMMER',
        orders: used.length,
        discount_total: major(sum(used.map((e) => e.discountMinor))),
        sales: kept(used),
      },
    ]);
    // Nothing of team B.
    expect(res.body).not.toContain('Beta');
  });

  it('buckets by ISO week (Mondays) and day, every bucket present', async () => {
    const weeks = (await w.a.client.get('/api/statistics/report?from=2026-03-25&to=2026-04-05&interval=week')).json().data;
    // 25 March 2026 is a Wednesday: buckets start on Monday 23 March, 30 March.
    expect(weeks.series.map((p: { period: string }) => p.period)).toEqual(['2026-03-23', '2026-03-30']);
    const days = (await w.a.client.get('/api/statistics/report?from=2026-03-30&to=2026-04-02&interval=day')).json().data;
    const chart = expectedDays(w.teamA, daysFrom('2026-03-30', '2026-04-02'));
    expect(
      days.series.map((p: { period: string; sales: number; sales_all: number; orders: number }) => [
        p.period,
        p.sales,
        p.sales_all,
        p.orders,
      ]),
    ).toEqual(Object.keys(chart.sales).map((d) => [d, chart.sales[d], chart.sales_all[d], chart.order_count[d]]));
    expect(sum(weeks.series.map((p: { orders: number }) => p.orders))).toBe(weeks.totals.orders);
    const bad = await w.a.client.get('/api/statistics/report?interval=year');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['interval']);
  });

  it('exports each table as CSV with translated headers, formulas neutralised', async () => {
    await db().update(discounts).set({ code: '=SUMME' }).where(eq(discounts.id, w.discountId));
    try {
      const res = await w.a.client.get(`/api/statistics/export?${range}&interval=month&table=series&language=de`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="statistics-series-2026-01-01-2026-04-05.csv"');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Zeitraum,Bestellungen,Teilnehmende,Zusatzverkäufe,Gebucht (CHF),Umsatz (CHF),Rückerstattungen (CHF),Rabatte (CHF),Plattformgebühren (CHF)',
      );
      expect(lines).toHaveLength(5);
      const report = (await w.a.client.get(`/api/statistics/report?${range}&interval=month`)).json().data;
      const jan = report.series[0];
      expect(lines[1]).toBe(
        [
          '2026-01-01',
          jan.orders,
          jan.participants,
          jan.products_sold,
          jan.sales_all,
          jan.sales,
          jan.refunds,
          jan.discounts,
          jan.platform_fees,
        ].join(','),
      );
      const codes = await w.a.client.get(`/api/statistics/export?${range}&table=discounts&language=en`);
      expect(codes.body).toContain("'=SUMME,");
      const types = await w.a.client.get(`/api/statistics/export?${range}&table=payment_types&language=fr`);
      expect(types.body).toContain('Facture,');
      expect((await w.a.client.get('/api/statistics/export?table=nope')).statusCode).toBe(422);
    } finally {
      await db().update(discounts).set({ code: 'SOMMER' }).where(eq(discounts.id, w.discountId));
    }
  });
});

describe('test-mode orders (issue 20 item 3)', () => {
  it('count nowhere: not on the dashboard, the sales chart or the statistics page, and bring no platform fee', async () => {
    const boss = await owner(t.app, { teamName: `Testmodus ${Date.now()}` });
    const made = await makeTicket(db(), boss.team.id, (await makeActivity(db(), boss.team.id)).id, { stock: 50, priceMinor: 4000 });
    const ticket: TicketRef = { id: made.id, priceMinor: made.priceMinor, activity: 'Test', currency: made.currency };
    const createdAt = '2026-02-10T10:00:00.000Z';
    await order(boss.team.id, { ticket, status: 'paid', createdAt, feeMinor: 150 });
    const read = async () => ({
      dashboard: (await boss.client.get('/api/statistics/dashboard')).json(),
      sales: (await boss.client.get('/api/statistics/sales?from=2026-02-01&to=2026-02-28')).json(),
      report: (await boss.client.get('/api/statistics/report?from=2026-02-01&to=2026-02-28')).json(),
    });
    const before = await read();
    expect(before.dashboard).toMatchObject({ participant_count: 1, total: 40 });
    // A paid test-mode order (as the test page leaves it), on the same day, with a fee recorded on it.
    const test = await order(boss.team.id, { ticket, status: 'paid', createdAt, paymentType: 'test', participants: 3, feeMinor: 150 });
    await db().update(orders).set({ isTest: true }).where(eq(orders.id, test.orderId));
    expect(await read()).toEqual(before);
  });
});
