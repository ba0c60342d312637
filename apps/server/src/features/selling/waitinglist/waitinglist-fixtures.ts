import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { activities, teamSellingSettings, tickets } from '../../../db/schema/index.ts';
import { createUserWithTeam, makeActivity, makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/** Test data of the waiting-list tests (rows inserted directly). Not loaded by the app. */

/** A team (de/en, CHF) that sells by invoice, with a published course and its one ticket (CHF 25, 10 seats). */
export async function makeShop(db: Db) {
  const { team } = await createUserWithTeam(db);
  await db.insert(teamSellingSettings).values({ teamId: team.id, invoiceEnabled: true, iban: 'CH9300762011623852957', invoiceDueDays: 14 });
  const activity = await makeActivity(db, team.id);
  const ticket = await makeTicket(db, team.id, activity.id, { stock: 10, priceMinor: 2500 });
  return { team, teamId: team.id, activity, ticket };
}

/** Such a shop with the waiting list on, the ticket's `stock` seats all held by unpaid invoice orders (one seat each). */
export async function soldOutShop(db: Db, stock: number, offerHours = 24) {
  const shop = await makeShop(db);
  await db.update(activities).set({ waitingList: true, waitingListOfferHours: offerHours }).where(eq(activities.id, shop.activity.id));
  await db.update(tickets).set({ stock }).where(eq(tickets.id, shop.ticket.id));
  const held: number[] = [];
  for (let i = 0; i < stock; i++)
    held.push((await makeOrder(db, shop.teamId, { ticketId: shop.ticket.id, paymentStatus: 'waiting', paymentType: 'invoice' })).order.id);
  return { ...shop, held };
}

let buyer = 0;

/** A checkout body: `seats` participants on one ticket, invoice, German. */
export function orderBody(ticketId: number, seats = 1, extra: Record<string, unknown> = {}) {
  const n = ++buyer;
  return {
    items: [{ ticket_id: ticketId, quantity: seats }],
    customer: { firstname: 'Anna', lastname: 'Muster', email: `wl-buyer-${n}@example.com` },
    participants: Array.from({ length: seats }, (_, i) => ({ ticket_id: ticketId, firstname: `P${i}`, lastname: 'Muster', answers: {} })),
    answers: {},
    payment_method: 'invoice',
    language: 'de',
    accept_terms: true,
    ...extra,
  };
}
