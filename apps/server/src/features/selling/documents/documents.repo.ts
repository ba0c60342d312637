import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';

/**
 * SQL of the order documents and mails. The document context (order, team, schedules) is one
 * statement of its own (document-context.ts); the mail's outbox writes are one more (order-mails.ts).
 */

export type { DocumentTeamRow } from './document-model.ts';

/**
 * The team of an order, for the public document links: the order id and its token are all the
 * customer has. The token is checked before this is asked, so it reveals nothing.
 */
export async function findOrderTeamId(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ teamId: orders.teamId }).from(orders).where(eq(orders.id, orderId));
  return row?.teamId;
}
