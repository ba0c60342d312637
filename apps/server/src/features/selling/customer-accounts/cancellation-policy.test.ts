import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../orders/index.ts';
import { combinePolicy, quoteFor } from './cancellation-policy.ts';

/** The policy rules alone (the HTTP flows are in cancellation.test.ts). */

const H = 3600_000;
const now = new Date('2031-03-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * H);
const policy = (cancelFreeHours: number | null, cancelLateAllowed = false, firstStart: Date | null = at(100)) => ({
  cancelFreeHours,
  cancelLateAllowed,
  firstStart,
});

describe('combinePolicy', () => {
  it('takes the earliest end of a free window, and late cancellation only if every activity allows it', () => {
    const p = combinePolicy(
      [
        { orderId: 1, activityId: 1, sessionId: null },
        { orderId: 1, activityId: 2, sessionId: null },
      ],
      new Map([
        [1, policy(24, true, at(100))],
        [2, policy(48, false, at(100))],
      ]),
      new Map(),
      now,
    );
    expect(p).toEqual({ offered: true, freeUntil: at(52), lateAllowed: false, started: false });
  });

  it('offers nothing when an activity has no policy or is gone', () => {
    expect(combinePolicy([{ orderId: 1, activityId: 1, sessionId: null }], new Map([[1, policy(null)]]), new Map(), now).offered).toBe(
      false,
    );
    expect(combinePolicy([{ orderId: 1, activityId: null, sessionId: null }], new Map(), new Map(), now).offered).toBe(false);
    expect(combinePolicy([], new Map(), new Map(), now).offered).toBe(false);
  });

  it('counts a drop-in ticket from its session, and knows when a session has begun', () => {
    const items = [{ orderId: 1, activityId: 1, sessionId: 9 }];
    const activities = new Map([[1, policy(10, false, at(-5))]]);
    expect(combinePolicy(items, activities, new Map([[9, at(30)]]), now)).toMatchObject({ freeUntil: at(20), started: false });
    expect(combinePolicy([{ orderId: 1, activityId: 1, sessionId: null }], activities, new Map(), now).started).toBe(true);
  });

  it('without a dated session the window stays open', () => {
    const p = combinePolicy([{ orderId: 1, activityId: 1, sessionId: null }], new Map([[1, policy(24, false, null)]]), new Map(), now);
    expect(p).toEqual({ offered: true, freeUntil: null, lateAllowed: false, started: false });
  });
});

describe('quoteFor', () => {
  const order = (patch: Partial<OrderRow>) =>
    ({ paymentStatus: 'paid', paymentType: 'stripe', totalMinor: 9000, refundedMinor: 2000, ...patch }) as OrderRow;
  const open = { offered: true, freeUntil: at(1), lateAllowed: true, started: false };
  const late = { ...open, freeUntil: at(-1) };

  it('refunds what is left inside the window: online with a Stripe payment or in test mode, else by the organiser', () => {
    expect(quoteFor(order({}), open, true, now)).toMatchObject({ mode: 'refund', refundMinor: 7000, refundMethod: 'online' });
    expect(quoteFor(order({}), open, false, now)).toMatchObject({ mode: 'refund', refundMethod: 'provider' });
    expect(quoteFor(order({ paymentType: 'test' }), open, false, now)).toMatchObject({ refundMethod: 'online' });
    expect(quoteFor(order({ paymentType: 'invoice', paymentStatus: 'partially-refunded' }), open, false, now)).toMatchObject({
      refundMethod: 'provider',
      refundMinor: 7000,
    });
  });

  it('after the window: no refund where late cancellation is allowed, else refused', () => {
    expect(quoteFor(order({}), late, true, now)).toMatchObject({ allowed: true, mode: 'no_refund', keptMinor: 7000, refundMinor: 0 });
    expect(quoteFor(order({}), { ...late, lateAllowed: false }, true, now)).toMatchObject({ allowed: false, reason: 'window_passed' });
    expect(quoteFor(order({ paymentStatus: 'free', totalMinor: 0, refundedMinor: 0 }), late, false, now)).toMatchObject({ mode: 'cancel' });
  });

  it('refuses ended orders first, then missing policies, then begun sessions', () => {
    for (const paymentStatus of ['refunded', 'cancelled', 'expired', 'declined', 'error'] as const)
      expect(quoteFor(order({ paymentStatus }), open, true, now).reason).toBe('ended');
    expect(quoteFor(order({}), { ...open, offered: false }, true, now).reason).toBe('not_offered');
    expect(quoteFor(order({}), { ...open, started: true }, true, now).reason).toBe('started');
  });
});
