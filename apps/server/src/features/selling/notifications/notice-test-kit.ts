import type { Db } from '../../../db/client.ts';
import { teamSellingSettings } from '../../../db/schema/index.ts';
import { createUserWithTeam, makeActivity, makeTicket } from '../../../test/factories.ts';

/** Test data of the notification tests (rows inserted directly). Not loaded by the app. */

/** A team (Europe/Zurich, CHF) selling a CHF 25 ticket, with invoice and test mode on. */
export async function makeShop(db: Db) {
  const { team } = await createUserWithTeam(db);
  await db.insert(teamSellingSettings).values({
    teamId: team.id,
    invoiceEnabled: true,
    iban: 'CH9300762011623852957',
    testModeEnabled: true,
    // Test mode beside invoice is only allowed for the demo provider (issue 20).
    isDemo: true,
  });
  const activity = await makeActivity(db, team.id);
  const ticket = await makeTicket(db, team.id, activity.id, { stock: 10, priceMinor: 2500, taxRateBp: 0 });
  return { team, teamId: team.id, activity, ticket };
}

let buyer = 0;

/** The public checkout's body: one seat, Anna Muster, invoice unless `extra` says otherwise. */
export function orderBody(ticketId: number, extra: Record<string, unknown> = {}) {
  const n = ++buyer;
  return {
    items: [{ ticket_id: ticketId, quantity: 1 }],
    customer: { firstname: 'Anna', lastname: 'Muster', email: `notice-buyer-${n}@example.com` },
    participants: [{ ticket_id: ticketId, firstname: 'Anna', lastname: 'Muster', answers: {} }],
    answers: {},
    payment_method: 'invoice',
    language: 'de',
    accept_terms: true,
    ...extra,
  };
}
