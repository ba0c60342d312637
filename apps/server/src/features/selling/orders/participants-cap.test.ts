import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, ticketReservations } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket } from '../../../test/factories.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';

/** MAX_PARTICIPANTS_PER_ORDER (here 3): orders and reservations past it answer 422 and change nothing. */

let t: TestApp;
const db = () => t.app.deps.db;
beforeAll(async () => {
  t = await buildTestApp({ config: { maxParticipantsPerOrder: 3 } });
});
afterAll(() => t.close());

let ip = 0;
const call = (url: string, body: unknown, lang: string) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: { 'accept-language': lang }, remoteAddress: `10.9.0.${++ip}` });

async function shop() {
  const s = await makeShop(db());
  const activity = await makeActivity(db(), s.teamId);
  const ticket = await makeTicket(db(), s.teamId, activity.id, { stock: 1000, priceMinor: 2500, maxPerOrder: 50 });
  return { teamId: s.teamId, ticketId: ticket.id };
}

const TEXT = {
  de: 'Höchstens 3 Teilnehmende pro Bestellung.',
  en: 'At most 3 participants per order.',
  fr: 'Au maximum 3 participants par commande.',
};

describe('participants per order', () => {
  it('refuses an order with more participants than the cap: 422 on participants, translated, nothing stored', async () => {
    const { teamId, ticketId } = await shop();
    for (const [lang, text] of Object.entries(TEXT)) {
      const res = await call(`/api/public/teams/${teamId}/orders`, orderBody(ticketId, 4), lang);
      expect(res.statusCode, lang).toBe(422);
      expect(res.json().errors).toEqual({ participants: [text] });
    }
    const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.teamId, teamId));
    expect(row!.n).toBe(0);
    // At the cap an honest buyer books at once.
    expect((await call(`/api/public/teams/${teamId}/orders`, orderBody(ticketId, 3), 'de')).statusCode).toBe(201);
  });

  it('counts the seats of the order lines too, split over several lines of one ticket', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId, 2);
    body.items = [
      { ticket_id: ticketId, quantity: 2 },
      { ticket_id: ticketId, quantity: 2 },
    ];
    const res = await call(`/api/public/teams/${teamId}/orders`, body, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.participants).toEqual([TEXT.en]);
  });

  it('refuses a reservation whose lines add up to more seats than the cap: 422 on items, nothing held', async () => {
    const { teamId, ticketId } = await shop();
    for (const [lang, text] of Object.entries(TEXT)) {
      const items = [
        { ticket_id: ticketId, quantity: 2 },
        { ticket_id: ticketId, quantity: 2 },
      ];
      const res = await call(`/api/public/teams/${teamId}/reservations`, { items }, lang);
      expect(res.statusCode, lang).toBe(422);
      expect(res.json().errors).toEqual({ items: [text] });
    }
    const [row] = await db().select({ n: count() }).from(ticketReservations).where(eq(ticketReservations.ticketId, ticketId));
    expect(row!.n).toBe(0);
    expect(
      (await call(`/api/public/teams/${teamId}/reservations`, { items: [{ ticket_id: ticketId, quantity: 3 }] }, 'de')).statusCode,
    ).toBe(201);
  });

  it('defaults to 100 (MAX_PARTICIPANTS_PER_ORDER)', async () => {
    const { loadConfig } = await import('../../../config/env.ts');
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40) }).maxParticipantsPerOrder).toBe(100);
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40), MAX_PARTICIPANTS_PER_ORDER: '12' }).maxParticipantsPerOrder).toBe(12);
  });
});
