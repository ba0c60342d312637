import { createHmac } from 'node:crypto';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { deriveKey } from '../../../lib/keys.ts';
import { constantTimeEqual } from '../../../lib/tokens.ts';
import { orderByLink } from './order-links.ts';
import { confirmOrderHold } from './orders.repo.ts';

/**
 * An unpaid invoice order from an address nobody has confirmed holds its seats for 30 minutes
 * only (place-order.service `holdTimes`); opening the link of its confirmation MAIL proves the
 * address and extends the hold to the invoice's due date (issue 20 item 1, decision 009).
 *
 * The order link the checkout answers with (`order_url`) is known to whoever placed the order, so
 * it cannot prove anything: the mail's link carries a second key, `confirm` — an HMAC of the
 * order's id under a key of its own, found only in the mail. The shop's order page, opened from
 * the mail, POSTs it (`POST /api/public/orders/{id}/confirm`), so a mail scanner following the
 * link (GET) confirms nothing either way.
 */
export function holdConfirmToken(config: Pick<Config, 'sessionSecret'>, publicId: string): string {
  return createHmac('sha256', deriveKey(config.sessionSecret, 'hold-keys'))
    .update(`confirm:${publicId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The order page's URL as the confirmation mail carries it: with the `confirm` key. */
export function withHoldConfirm(config: Pick<Config, 'sessionSecret'>, url: string, publicId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}confirm=${holdConfirmToken(config, publicId)}`;
}

/** Whether an order's hold still waits for the mail's link (held shorter than to its due date). */
export const awaitsHoldConfirm = (order: { payment_status: string; hold_until: string | null; invoice_due_at: string | null }) =>
  order.payment_status === 'waiting' &&
  !!order.hold_until &&
  !!order.invoice_due_at &&
  Date.parse(order.hold_until) < Date.parse(order.invoice_due_at);

/**
 * The customer opened the mailed link: with the order link's token and the mail's `confirm` key,
 * an unconfirmed invoice order's hold runs to its due date. Wrong keys: 404 (like a wrong link).
 * Returns whether the hold was extended (false for any other order, or one confirmed already).
 */
export async function confirmHoldByLink(
  deps: { db: DbOrTx; config: Pick<Config, 'sessionSecret'> },
  publicId: string,
  token: unknown,
  confirm: unknown,
): Promise<boolean> {
  const order = await orderByLink(deps, publicId, token, 'view');
  if (typeof confirm !== 'string' || confirm.length > 100 || !constantTimeEqual(confirm, holdConfirmToken(deps.config, order.publicId)))
    throw notFound();
  return confirmOrderHold(deps.db, order.teamId, order.id);
}
