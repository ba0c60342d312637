import type { DbOrTx } from '../../../db/client.ts';

/**
 * What orders need of subscriptions, as a port (decision 017, like the order mails and payments):
 * an order line may buy a subscription tier (CONTRACT §5). Orders decide WHEN the order counts —
 * placed free, or paid — inside the transaction that changed it; subscriptions decide what that
 * means for the membership (a new one, or a renewal that is paid now). The app wires the one
 * implementation at start (selling-ports.ts), so orders never import subscriptions.
 */
export interface OrderMemberships {
  /** The order (free at placement, or paid) settles its tier lines; a no-op for orders without. Idempotent. */
  settled(tx: DbOrTx, teamId: number, orderId: number): Promise<void>;
}

let wired: OrderMemberships | undefined;

/** The app's start-up wiring (selling-ports.ts). */
export function wireOrderMemberships(memberships: OrderMemberships): void {
  wired = memberships;
}

/** The wired implementation; throws when the app has not wired it (a paid membership must never be lost silently). */
export function orderMemberships(): OrderMemberships {
  if (!wired) throw new Error('order memberships are not wired: call wireSellingPorts() at start-up (selling-ports.ts)');
  return wired;
}
