import { createHmac } from 'node:crypto';
import { ErrorCodes, type Language } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { deriveKey } from '../../../lib/keys.ts';
import { executePrepared } from '../../../lib/sql.ts';
import { constantTimeEqual } from '../../../lib/tokens.ts';
import { loadOrderRowByPublicId, type OrderRow } from './order-view.ts';

/**
 * The customer's key to an order (issue 20 items 12 and 16).
 *
 * - Public URLs name the order by its random `public_id` (a UUID), never by the sequential id or
 *   number: `/{lang}/shop/{teamId}/order/{publicId}?token=…`, `/api/public/orders/{publicId}…`.
 * - The token is an HMAC of the public id and the order's `link_version` under a key derived for
 *   this purpose only. Nothing secret is stored (a leaked database does not leak the links), a
 *   mail can always carry the working link again, and staff revoke every link sent so far by
 *   bumping the version ("revoke links").
 * - A link opens the order for good, but changes it (cancels) only until the order's first
 *   session started 30 days ago (`LINK_CHANGE_DAYS`). After that, cancelling takes a fresh token
 *   (`freshOrderToken`), mailed to the order's address on request and valid for
 *   `FRESH_LINK_HOURS`: a link found in an old mailbox or forwarded mail cannot cancel anything.
 */

export interface LinkedOrder {
  publicId: string;
  linkVersion: number;
}

export const LINK_CHANGE_DAYS = 30;
export const FRESH_LINK_HOURS = 24;

const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A public order id as generated (lower-case UUID); anything else is no order (404, never a cast error). */
export const isPublicOrderId = (value: unknown): value is string => typeof value === 'string' && PUBLIC_ID.test(value);

const mac = (config: Pick<Config, 'sessionSecret'>, text: string) =>
  createHmac('sha256', deriveKey(config.sessionSecret, 'order-links')).update(text).digest().subarray(0, 16).toString('base64url');

/** The order link's token: 128 bits, base64url. */
export function orderToken(config: Pick<Config, 'sessionSecret'>, order: LinkedOrder): string {
  return mac(config, `order:${order.publicId}:${order.linkVersion}`);
}

/** A short-lived token that may change the order after the link's own change window: `{expiry base36}.{mac}`. */
export function freshOrderToken(config: Pick<Config, 'sessionSecret'>, order: LinkedOrder, now = new Date()): string {
  const expires = (Math.floor(now.getTime() / 1000) + FRESH_LINK_HOURS * 3600).toString(36);
  return `${expires}.${mac(config, `order-fresh:${order.publicId}:${order.linkVersion}:${expires}`)}`;
}

export type OrderLinkAccess = 'view' | 'change';

/**
 * What a token allows on this order: null (not its token, or revoked: the caller answers 404),
 * `view`, or `change` (the order link before `changeUntil`, or an unexpired fresh token).
 */
export function orderLinkAccess(
  config: Pick<Config, 'sessionSecret'>,
  order: LinkedOrder,
  token: unknown,
  changeUntil: Date | null,
  now = new Date(),
): OrderLinkAccess | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null;
  const dot = token.indexOf('.');
  if (dot < 0) {
    if (!constantTimeEqual(token, orderToken(config, order))) return null;
    return changeUntil === null || now < changeUntil ? 'change' : 'view';
  }
  const expires = token.slice(0, dot);
  if (!/^[0-9a-z]{1,10}$/.test(expires)) return null;
  if (!constantTimeEqual(token.slice(dot + 1), mac(config, `order-fresh:${order.publicId}:${order.linkVersion}:${expires}`))) return null;
  return now.getTime() < parseInt(expires, 36) * 1000 ? 'change' : 'view';
}

/**
 * Until when the order link may change the order: its first session's start (the session of a
 * line, or the first scheduled session of a course bought as a whole) + 30 days; an order with
 * no session at all counts from its creation.
 */
export async function linkChangeUntil(db: DbOrTx, order: Pick<OrderRow, 'id' | 'teamId' | 'createdAt'>): Promise<Date> {
  const [row] = await executePrepared<{ first: string | Date | null }>(
    db,
    sql`
    SELECT min(s.starts_at) AS first
      FROM order_items i
      JOIN activity_sessions s ON s.team_id = i.team_id
       AND (s.id = i.session_id OR (i.session_id IS NULL AND s.activity_id = i.activity_id AND s.status = 'scheduled'))
     WHERE i.order_id = ${order.id} AND i.team_id = ${order.teamId}`,
  );
  const start = row?.first ? new Date(row.first) : order.createdAt;
  return new Date(start.getTime() + LINK_CHANGE_DAYS * 86_400_000);
}

/**
 * The order behind a link, for what the caller is about to do. A malformed or unknown public id,
 * a wrong or revoked token: the same 404. A link past its change window asked to change the
 * order: 403 `LINK_STALE` (the order page then offers to mail a fresh link).
 */
export async function orderByLink(
  deps: { db: DbOrTx; config: Pick<Config, 'sessionSecret'> },
  publicId: string,
  token: unknown,
  need: OrderLinkAccess,
  now = new Date(),
): Promise<OrderRow> {
  if (!isPublicOrderId(publicId) || typeof token !== 'string' || token.length === 0 || token.length > 100) throw notFound();
  const row = await loadOrderRowByPublicId(deps.db, publicId);
  if (!row) throw notFound();
  const changeUntil = need === 'change' ? await linkChangeUntil(deps.db, row) : null;
  const access = orderLinkAccess(deps.config, row, token, changeUntil, now);
  if (!access) throw notFound();
  if (need === 'change' && access !== 'change')
    throw new AppError('FORBIDDEN', 'orders:link.fresh_needed', { extra: { code: ErrorCodes.LINK_STALE } });
  return row;
}

/** The order page in the shop: `/{lang}/shop/{teamId}/order/{publicId}?token=…`. */
export function orderPageUrl(
  config: Pick<Config, 'appUrl' | 'sessionSecret'>,
  lang: Language,
  teamId: number,
  order: LinkedOrder,
  token = orderToken(config, order),
): string {
  return `${config.appUrl}/${lang}/shop/${teamId}/order/${order.publicId}?token=${encodeURIComponent(token)}`;
}

/** A document of the order (`tickets.pdf`, `invoice.pdf`) as a link the customer can open. */
export function orderDocumentUrl(
  config: Pick<Config, 'appUrl' | 'sessionSecret'>,
  order: LinkedOrder,
  file: 'tickets.pdf' | 'invoice.pdf' | 'receipt.pdf',
): string {
  return `${config.appUrl}/api/public/orders/${order.publicId}/${file}?token=${orderToken(config, order)}`;
}
