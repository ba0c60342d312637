import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.ts';
import { orderDocumentUrl } from '../../apps/server/src/features/selling/orders/index.ts';
import { makeOrder } from '../../apps/server/src/test/selling-factories.ts';
import { seedCheckout } from './checkout.ts';

/**
 * The documents bench's data: the checkout seed's team and event, and one paid order with 200
 * participants (inserted directly: the checkout caps orders at MAX_PARTICIPANTS_PER_ORDER, but
 * orders from before the cap, or a higher cap, can be this large) — its tickets.pdf is 200 A6
 * pages with a QR code each.
 */
export const DOCUMENT_PARTICIPANTS = 200;

export async function seedDocuments(db: Db) {
  const vars = await seedCheckout(db);
  const participants = Array.from({ length: DOCUMENT_PARTICIPANTS }, (_, i) => ({ firstname: `Person ${i + 1}`, lastname: 'Muster' }));
  const made = await makeOrder(db, Number(vars.teamId), { ticketId: Number(vars.hotTicketId), paymentStatus: 'paid', participants });
  return made.order;
}

/** The order's public tickets.pdf path (with its link's token). */
export function documentsVars(app: FastifyInstance, order: Awaited<ReturnType<typeof seedDocuments>>): Record<string, string> {
  const url = new URL(orderDocumentUrl(app.deps.config, order, 'tickets.pdf'));
  return { ticketsPath: `${url.pathname}${url.search}` };
}
