import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeSession } from '../../../test/factories.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';
import { invoiceDueAt, invoicePossible } from '../settings/index.ts';

/**
 * Issue 22 item 5: an invoice is never due after the course has begun — at the latest at the end
 * of the day before the first booked session (team zone). When that day is today or past, no
 * invoice is offered: the quote leaves it out and an order asking for it is refused (422, in the
 * request's language); other methods still work.
 */

const ZONE = 'Europe/Zurich';
/** A Zurich wall-clock time as an instant. */
const zurich = (year: number, month: number, day: number, hour = 9, minute = 0) => zonedTimeToUtc({ year, month, day, hour, minute }, ZONE);
/** The calendar day of an instant in Zurich, `YYYY-MM-DD`. */
const dayOf = (at: Date | string) => {
  const p = zonedParts(new Date(at), ZONE);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

describe('invoice terms (unit)', () => {
  it('a course starting 1.12 booked on 27.11 with 14 days to pay is due on 30.11, not 11.12', () => {
    const due = invoiceDueAt({ now: zurich(2026, 11, 27, 10), dueDays: 14, firstSessionAt: zurich(2026, 12, 1, 9), timeZone: ZONE });
    expect(dayOf(due!)).toBe('2026-11-30');
    expect(due!.getTime()).toBeLessThan(zurich(2026, 12, 1, 0).getTime());
  });

  it('keeps the team’s days when the course is far enough ahead, and has no limit without dates', () => {
    const now = zurich(2026, 11, 1, 10);
    expect(invoiceDueAt({ now, dueDays: 14, firstSessionAt: zurich(2027, 1, 10), timeZone: ZONE })).toEqual(
      new Date(now.getTime() + 14 * 86_400_000),
    );
    expect(invoiceDueAt({ now, dueDays: 14, firstSessionAt: null, timeZone: ZONE })).toEqual(new Date(now.getTime() + 14 * 86_400_000));
  });

  it('offers no invoice when the day before the first session is today or past; the day after tomorrow is due tomorrow', () => {
    const now = zurich(2026, 11, 27, 8);
    // Tomorrow early in the morning: the day before is today.
    expect(invoicePossible({ now, firstSessionAt: zurich(2026, 11, 28, 7), timeZone: ZONE })).toBe(false);
    expect(invoiceDueAt({ now, dueDays: 14, firstSessionAt: zurich(2026, 11, 28, 7), timeZone: ZONE })).toBeNull();
    // Later today.
    expect(invoicePossible({ now, firstSessionAt: zurich(2026, 11, 27, 18), timeZone: ZONE })).toBe(false);
    // The day after tomorrow: due at the end of tomorrow.
    const due = invoiceDueAt({ now, dueDays: 14, firstSessionAt: zurich(2026, 11, 29, 9), timeZone: ZONE });
    expect(dayOf(due!)).toBe('2026-11-28');
    // Days count in the team's zone: 23:30 in Zurich is already the next day there.
    const lateEvening = zurich(2026, 11, 27, 23, 30);
    expect(invoicePossible({ now: lateEvening, firstSessionAt: zurich(2026, 11, 29, 9), timeZone: ZONE })).toBe(true);
    expect(invoicePossible({ now: zurich(2026, 11, 28, 0, 30), firstSessionAt: zurich(2026, 11, 29, 9), timeZone: ZONE })).toBe(false);
  });
});

describe('the checkout and the first session (integration)', () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  let ip = 0;
  const call = (url: string, body: unknown, lang = 'de') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      remoteAddress: `198.51.100.${++ip}`,
      headers: { 'accept-language': lang },
    });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A shop (invoice and test mode on, 14 days to pay) whose activity's first date starts at `first`. */
  async function shopStarting(first: Date) {
    const shop = await makeShop(db(), { invoiceDueDays: 14 });
    await makeSession(db(), shop.teamId, shop.activity.id, first);
    return shop;
  }

  it('an order four days before the course is due at the latest the day before it', async () => {
    const first = new Date(Date.now() + 4 * 86_400_000);
    const shop = await shopStarting(first);
    const res = await call(`/api/public/teams/${shop.teamId}/orders`, orderBody(shop.ticket.id, 1));
    expect(res.statusCode, res.body).toBe(201);
    const due = res.json().order.invoice_due_at as string;
    expect(Date.parse(due)).toBeLessThan(first.getTime());
    expect(dayOf(due)).toBe(dayOf(new Date(first.getTime() - 86_400_000)));
  });

  it('a course starting tomorrow: the quote offers no invoice, an invoice order is refused in the request’s language, test mode still works', async () => {
    const shop = await shopStarting(new Date(Date.now() + 20 * 3_600_000));
    const quote = await call(`/api/public/teams/${shop.teamId}/quote`, { items: [{ ticket_id: shop.ticket.id, quantity: 1 }] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().payment_methods).toEqual(['free', 'test']);

    const refused = await call(`/api/public/teams/${shop.teamId}/orders`, orderBody(shop.ticket.id, 1), 'fr');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.payment_method).toEqual([
      'Le paiement sur facture n’est plus possible : la première date réservée est trop proche pour payer par virement avant. Veuillez choisir un autre mode de paiement.',
    ]);

    const test = await call(`/api/public/teams/${shop.teamId}/orders`, orderBody(shop.ticket.id, 1, { payment_method: 'test' }));
    expect(test.statusCode, test.body).toBe(201);
  });

  it('a course far ahead: the quote offers the team’s methods, invoice included', async () => {
    const shop = await shopStarting(new Date(Date.now() + 30 * 86_400_000));
    const quote = await call(`/api/public/teams/${shop.teamId}/quote`, { items: [{ ticket_id: shop.ticket.id, quantity: 1 }] });
    expect(quote.json().payment_methods).toEqual(['free', 'invoice', 'test']);
  });
});
