import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, tickets } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../test/factories.ts';
import { makeOrder } from '../../test/selling-factories.ts';

/**
 * Issue 20 item 6: prices are stored in minor units of the currency they were set in, so a team
 * may switch currency only while nothing is priced or owed (else CHF prices would sell as EUR).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const general = (s: Staff, currency: string, lang = 'en') =>
  s.client.request('PUT', `/api/team/general?language=${lang}`, {
    name: s.team.name,
    phone_prefix: '+41',
    phone_number: '441234567',
    currency,
    languages: ['de', 'en'],
    time_zone: 'Europe/Zurich',
  });
const currencyOf = async (teamId: number) => (await db().select().from(teams).where(eq(teams.id, teamId)))[0]!.currency;

describe('changing the team currency', () => {
  it('is refused (422 on currency, translated) while a ticket has a price; nothing changes', async () => {
    const a = await owner(t.app);
    const ticket = await makeTicket(db(), a.team.id, (await makeActivity(db(), a.team.id)).id, { priceMinor: 2500, currency: 'CHF' });
    for (const [lang, text] of [
      ['en', 'cannot be changed'],
      ['de', 'kann nicht geändert werden'],
      ['fr', 'ne peut pas être modifiée'],
    ] as const) {
      const res = await general(a, 'EUR', lang);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.currency[0]).toContain(text);
    }
    expect(await currencyOf(a.team.id)).toBe('CHF');
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.currency).toBe('CHF');
  });

  it('is refused while an order waits for its money, even when every ticket is free now', async () => {
    const a = await owner(t.app);
    const ticket = await makeTicket(db(), a.team.id, (await makeActivity(db(), a.team.id)).id, { priceMinor: 2500, currency: 'CHF' });
    await makeOrder(db(), a.team.id, { ticketId: ticket.id, paymentStatus: 'waiting', paymentType: 'invoice' });
    await db().update(tickets).set({ priceMinor: 0 }).where(eq(tickets.id, ticket.id));
    expect((await general(a, 'EUR')).statusCode).toBe(422);
    expect(await currencyOf(a.team.id)).toBe('CHF');
  });

  it('is allowed with nothing priced or owed; free tickets follow, so nothing is ever sold in another currency', async () => {
    const a = await owner(t.app);
    const ticket = await makeTicket(db(), a.team.id, (await makeActivity(db(), a.team.id)).id, { priceMinor: 0, currency: 'CHF' });
    const res = await general(a, 'EUR');
    expect(res.statusCode, res.body).toBe(200);
    expect(await currencyOf(a.team.id)).toBe('EUR');
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.currency).toBe('EUR');
    // The same currency again is no change at all.
    expect((await general(a, 'EUR')).statusCode).toBe(200);
  });
});
