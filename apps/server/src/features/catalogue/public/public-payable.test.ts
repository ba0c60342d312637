import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityProducts, products, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeSession, makeTicket } from '../../../test/factories.ts';

/**
 * Issue 22 item 2: the shop never offers a paid ticket (or product) nothing can take the money
 * for — no payment method on, or only the invoice and a first date too soon to pay one — and a
 * reservation of one is refused (409 OFF_SALE, in the request's language) instead of the
 * customer learning it at the checkout's last step. Free ones stay on offer.
 */

let t: TestApp;
const db = () => t.app.deps.db;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const detail = async (teamId: number, activityId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/teams/${teamId}/activities/${activityId}?lang=en` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { tickets: { id: number }[]; products: { id: number }[] };
};
const reserve = (teamId: number, ticketId: number, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/teams/${teamId}/reservations`,
    payload: { items: [{ ticket_id: ticketId, quantity: 1 }] },
    remoteAddress: `192.0.2.${++ip}`,
    headers: { 'accept-language': lang },
  });

/** A published course with its first date `days` ahead, a paid and a free ticket, a paid and a free product. */
async function course(teamId: number, first: Date) {
  const activity = await makeActivity(db(), teamId);
  await makeSession(db(), teamId, activity.id, first);
  const paid = await makeTicket(db(), teamId, activity.id, { priceMinor: 24_000 });
  const free = await makeTicket(db(), teamId, activity.id, { priceMinor: 0, name: { de: 'Probe', en: 'Trial' } });
  const made = await db()
    .insert(products)
    .values([
      { teamId, name: { de: 'Matte', en: 'Mat' }, priceMinor: 500, currency: 'CHF' },
      { teamId, name: { de: 'Wasser', en: 'Water' }, priceMinor: 0, currency: 'CHF' },
    ])
    .returning();
  await db()
    .insert(activityProducts)
    .values(made.map((p) => ({ teamId, activityId: activity.id, productId: p.id, ticketIds: [] })));
  return { activity, paid, free, paidProduct: made[0]!, freeProduct: made[1]! };
}

describe('paid tickets and payment methods in the shop (issue 22 item 2)', () => {
  it('without a payment method: only the free ticket and product are offered; the paid ticket cannot be reserved', async () => {
    const { team } = await createUserWithTeam(db());
    const c = await course(team.id, inDays(20));
    const offered = await detail(team.id, c.activity.id);
    expect(offered.tickets.map((x) => x.id)).toEqual([c.free.id]);
    expect(offered.products.map((x) => x.id)).toEqual([c.freeProduct.id]);

    const refused = await reserve(team.id, c.paid.id, 'fr');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'OFF_SALE',
      message:
        'Ce billet ne peut pas être réservé en ligne pour le moment : l’organisateur n’a aucun mode de paiement pour lui. Veuillez contacter l’organisateur.',
    });
    expect((await reserve(team.id, c.free.id)).statusCode).toBe(201);

    // The invoice turned on (with its IBAN): the paid ticket and product are offered and can be reserved.
    await db().insert(teamSellingSettings).values({ teamId: team.id, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const now = await detail(team.id, c.activity.id);
    expect(now.tickets.map((x) => x.id).sort()).toEqual([c.paid.id, c.free.id].sort());
    expect(now.products.map((x) => x.id).sort()).toEqual([c.paidProduct.id, c.freeProduct.id].sort());
    expect((await reserve(team.id, c.paid.id)).statusCode).toBe(201);
  });

  it('invoice only and the first date tomorrow: no day left to pay, so the paid ticket is not offered; with test mode it is', async () => {
    const { team } = await createUserWithTeam(db());
    await db().insert(teamSellingSettings).values({ teamId: team.id, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const c = await course(team.id, new Date(Date.now() + 20 * 3_600_000));
    expect((await detail(team.id, c.activity.id)).tickets.map((x) => x.id)).toEqual([c.free.id]);
    expect((await reserve(team.id, c.paid.id)).json()).toMatchObject({ code: 'OFF_SALE' });

    // Test mode beside the invoice (the demo provider may): payable again.
    await db().update(teamSellingSettings).set({ testModeEnabled: true, isDemo: true }).where(eq(teamSellingSettings.teamId, team.id));
    expect((await detail(team.id, c.activity.id)).tickets.map((x) => x.id).sort()).toEqual([c.paid.id, c.free.id].sort());
    expect((await reserve(team.id, c.paid.id)).statusCode).toBe(201);
  });
});
