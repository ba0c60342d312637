import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discounts, emails, orderEvents, orderItems, orders, payments, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, makeActivity, makeReservation, makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { scheduleOrderExpiry } from './expiry.ts';
import { expireDueOrders, markOrderPaid } from './order-state.service.ts';

/**
 * The expiry of unpaid orders (invoice due date passed, online payment never completed) and what
 * a payment that arrives afterwards does; markOrderPaid run twice.
 */

let t: TestApp;
const db = () => t.app.deps.db;
const deps = () => t.app.deps;
const past = () => new Date(Date.now() - 60_000);

async function world(stock = 5) {
  const teamId = (await createUserWithTeam(db())).team.id;
  const activity = await makeActivity(db(), teamId);
  const ticket = await makeTicket(db(), teamId, activity.id, { stock, priceMinor: 4000 });
  return { teamId, ticketId: ticket.id };
}

async function sold(ticketId: number): Promise<number> {
  const [row] = await db().select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticketId));
  return row!.sold;
}

async function orderRow(id: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** The order's history without the `mail_queued` lines (mails are counted in the outbox). */
async function eventsOf(orderId: number) {
  const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  return rows.filter((e) => e.type !== 'mail_queued');
}

async function mailsOf(teamId: number, kind: string) {
  return db()
    .select()
    .from(emails)
    .where(and(eq(emails.teamId, teamId), eq(emails.kind, kind)));
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('expireDueOrders', () => {
  it('ends an invoice order past its due date: seats and discount use back, one mail, one event; twice changes nothing', async () => {
    const w = await world();
    const { order } = await makeOrder(db(), w.teamId, {
      ticketId: w.ticketId,
      paymentStatus: 'waiting',
      paymentType: 'invoice',
      holdUntil: past(),
      email: 'late@example.com',
      participants: [
        { firstname: 'Anna', lastname: 'Muster' },
        { firstname: 'Beat', lastname: 'Muster' },
      ],
    });
    const [code] = await db()
      .insert(discounts)
      .values({ teamId: w.teamId, code: 'LATE10', type: 'percent', value: 1000, usedCount: 1, maxUses: 1 })
      .returning();
    await db().update(orders).set({ discountId: code!.id, discountCode: 'LATE10' }).where(eq(orders.id, order.id));
    // Still held: an unpaid order not yet due, and a paid order whose hold time lies in the past.
    const open = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting' });
    const paid = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'paid' });
    await db().update(orders).set({ holdUntil: past() }).where(eq(orders.id, paid.order.id));
    expect(await sold(w.ticketId)).toBe(4);

    expect(await expireDueOrders(deps())).toBeGreaterThanOrEqual(1);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'expired', holdUntil: null });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await sold(w.ticketId)).toBe(2);
    const [discount] = await db().select().from(discounts).where(eq(discounts.id, code!.id));
    expect(discount!.usedCount).toBe(0);
    const ended = await mailsOf(w.teamId, 'order_ended');
    expect(ended.map((m) => m.toAddress)).toEqual(['late@example.com']);
    expect((await eventsOf(order.id)).map((e) => [e.type, e.actor])).toEqual([['expired', 'system']]);
    expect((await orderRow(open.order.id)).paymentStatus).toBe('waiting');
    expect(await orderRow(paid.order.id)).toMatchObject({ paymentStatus: 'paid' });

    // The second run finds nothing: no seats, uses, mails or events move again.
    expect(await expireDueOrders(deps())).toBe(0);
    expect(await sold(w.ticketId)).toBe(2);
    expect((await db().select().from(discounts).where(eq(discounts.id, code!.id)))[0]!.usedCount).toBe(0);
    expect(await mailsOf(w.teamId, 'order_ended')).toHaveLength(1);
    expect(await eventsOf(order.id)).toHaveLength(1);
  });

  it('ends an online payment that never completed, and its open payment attempt', async () => {
    const w = await world();
    const { order } = await makeOrder(db(), w.teamId, {
      ticketId: w.ticketId,
      paymentStatus: 'waiting',
      paymentType: 'test',
      holdUntil: past(),
    });
    await db()
      .insert(payments)
      .values({ teamId: w.teamId, orderId: order.id, provider: 'test', amountMinor: 4000, currency: 'CHF', checkoutUrl: 'http://x/pay' });
    expect(await expireDueOrders(deps())).toBe(1);
    expect((await orderRow(order.id)).paymentStatus).toBe('expired');
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt).toMatchObject({ status: 'expired', checkoutUrl: null });
    expect(await sold(w.ticketId)).toBe(0);
  });
});

describe('a payment after the order expired', () => {
  it('takes the seats again when they are still free: paid', async () => {
    const w = await world(1);
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    await expireDueOrders(deps());
    expect(await sold(w.ticketId)).toBe(0);
    const result = await markOrderPaid(deps(), { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' } });
    expect(result).toEqual({ changed: true, status: 'paid' });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', cancelledAt: null, holdUntil: null });
    expect(await sold(w.ticketId)).toBe(1);
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['expired', 'paid']);
    expect(await mailsOf(w.teamId, 'order_paid')).toHaveLength(1);
  });

  it('goes to error (refund needed) when the seats were sold meanwhile, and never oversells', async () => {
    const w = await world(1);
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    await expireDueOrders(deps());
    await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'paid' });
    expect(await sold(w.ticketId)).toBe(1);
    const result = await markOrderPaid(deps(), { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' } });
    expect(result).toEqual({ changed: true, status: 'error' });
    expect(await sold(w.ticketId)).toBe(1);
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['expired', 'payment_failed']);
    expect(events[1]!.data).toMatchObject({ refund_needed: true });
    expect(await mailsOf(w.teamId, 'order_paid')).toHaveLength(0);
    // Again (a webhook replayed): no change.
    expect(await markOrderPaid(deps(), { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' } })).toEqual({
      changed: false,
      status: 'error',
    });
    expect(await eventsOf(order.id)).toHaveLength(2);
  });

  it('does not take seats that another buyer’s live reservation holds', async () => {
    const w = await world(1);
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    await expireDueOrders(deps());
    expect(await sold(w.ticketId)).toBe(0);
    // The freed seat is now in someone else's checkout.
    await makeReservation(db(), w.teamId, w.ticketId, 1, 15, 'another-buyer');
    const result = await markOrderPaid(deps(), { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' } });
    expect(result).toEqual({ changed: true, status: 'error' });
    expect(await sold(w.ticketId)).toBe(0);
  });

  it('takes nothing when only part is still free: the seats it could take go back (two tickets, one sold out)', async () => {
    const w = await world(5);
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    // A second line of the same order, for a ticket with one seat.
    const [activity] = await db().select().from(tickets).where(eq(tickets.id, w.ticketId));
    const scarce = await makeTicket(db(), w.teamId, activity!.activityId, { stock: 1, sold: 1 });
    await db()
      .insert(orderItems)
      .values({
        teamId: w.teamId,
        orderId: order.id,
        ticketId: scarce.id,
        activityId: scarce.activityId,
        activityName: { de: 'Yoga' },
        ticketName: { de: 'Knapp' },
        unitPriceMinor: 2500,
        quantity: 1,
        totalMinor: 2500,
        sort: 1,
      });
    await expireDueOrders(deps());
    expect([await sold(w.ticketId), await sold(scarce.id)]).toEqual([0, 0]);
    await makeOrder(db(), w.teamId, { ticketId: scarce.id, paymentStatus: 'paid' });
    const result = await markOrderPaid(deps(), { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' } });
    expect(result.status).toBe('error');
    // The first line's seat was taken and given back in the same transaction: nothing leaks.
    expect([await sold(w.ticketId), await sold(scarce.id)]).toEqual([0, 1]);
  });

  it('counts the discount use again, within its maximum', async () => {
    const w = await world(5);
    const [code] = await db()
      .insert(discounts)
      .values({ teamId: w.teamId, code: 'ONCE', type: 'percent', value: 1000, usedCount: 2, maxUses: 2 })
      .returning();
    const first = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    const second = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    await db().update(orders).set({ discountId: code!.id, discountCode: 'ONCE' }).where(eq(orders.teamId, w.teamId));
    await expireDueOrders(deps());
    const uses = async () => (await db().select().from(discounts).where(eq(discounts.id, code!.id)))[0]!.usedCount;
    expect(await uses()).toBe(0);
    // Meanwhile another buyer used the code once more.
    await db().update(discounts).set({ usedCount: 1 }).where(eq(discounts.id, code!.id));
    expect((await markOrderPaid(deps(), { teamId: w.teamId, orderId: first.order.id, who: { actor: 'provider' } })).status).toBe('paid');
    expect(await uses()).toBe(2);
    // Used up now: the late payment of the second order cannot count its use, so it needs a refund.
    expect((await markOrderPaid(deps(), { teamId: w.teamId, orderId: second.order.id, who: { actor: 'provider' } })).status).toBe('error');
    expect(await uses()).toBe(2);
    expect(await sold(w.ticketId)).toBe(1);
  });
});

describe('markOrderPaid', () => {
  it('twice: one paid event, one payment row, one mail', async () => {
    const w = await world();
    const staff = await createUserWithTeam(db(), { teamId: w.teamId, role: 'editor' });
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', email: 'twice@example.com' });
    const input = {
      teamId: w.teamId,
      orderId: order.id,
      who: { actor: 'staff' as const, userId: staff.user.id },
      provider: 'manual' as const,
    };
    const [first, second] = [await markOrderPaid(deps(), input), await markOrderPaid(deps(), input)];
    expect(first).toEqual({ changed: true, status: 'paid' });
    expect(second).toEqual({ changed: false, status: 'paid' });
    const row = await orderRow(order.id);
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.holdUntil).toBeNull();
    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.type, e.actor, e.userId])).toEqual([['paid', 'staff', staff.user.id]]);
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((p) => [p.provider, p.status, p.amountMinor])).toEqual([['manual', 'succeeded', 4000]]);
    const mails = await mailsOf(w.teamId, 'order_paid');
    expect(mails.map((m) => m.toAddress)).toEqual(['twice@example.com']);
    // Seats stay taken once (paid holds them; nothing is taken twice).
    expect(await sold(w.ticketId)).toBe(1);
  });

  it('twice at the same time: still one paid event and one mail', async () => {
    const w = await world();
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting' });
    const input = { teamId: w.teamId, orderId: order.id, who: { actor: 'provider' as const } };
    const results = await Promise.all([markOrderPaid(deps(), input), markOrderPaid(deps(), input), markOrderPaid(deps(), input)]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await eventsOf(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1);
    expect(await mailsOf(w.teamId, 'order_paid')).toHaveLength(1);
  });
});

describe('scheduleOrderExpiry', () => {
  it('expires due orders on its own, and stops', async () => {
    const w = await world();
    const { order } = await makeOrder(db(), w.teamId, { ticketId: w.ticketId, paymentStatus: 'waiting', holdUntil: past() });
    const stop = scheduleOrderExpiry(deps(), t.app.log, 10);
    try {
      await vi.waitFor(async () => expect((await orderRow(order.id)).paymentStatus).toBe('expired'), { timeout: 5000, interval: 20 });
    } finally {
      stop();
    }
    expect(await sold(w.ticketId)).toBe(0);
    expect(await eventsOf(order.id)).toHaveLength(1);
  });
});
