import { createHmac } from 'node:crypto';
import type { Language } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import { deriveKey } from '../../../lib/keys.ts';
import { constantTimeEqual } from '../../../lib/tokens.ts';

/**
 * The customer's key to an order: an HMAC of the order id under a key derived for this purpose
 * only. Nothing is stored, so a mail can always carry a working link again, and a leaked
 * database does not leak the links. 128 bits, base64url.
 */
export function orderToken(config: Pick<Config, 'sessionSecret'>, orderId: number): string {
  return createHmac('sha256', deriveKey(config.sessionSecret, 'order-links'))
    .update(`order:${orderId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function isOrderToken(config: Pick<Config, 'sessionSecret'>, orderId: number, token: unknown): boolean {
  return typeof token === 'string' && token.length > 0 && token.length < 100 && constantTimeEqual(token, orderToken(config, orderId));
}

/** The order page in the shop: `/{lang}/shop/{teamId}/order/{orderId}?token=…`. */
export function orderPageUrl(config: Pick<Config, 'appUrl' | 'sessionSecret'>, lang: Language, teamId: number, orderId: number): string {
  return `${config.appUrl}/${lang}/shop/${teamId}/order/${orderId}?token=${orderToken(config, orderId)}`;
}

/** A document of the order (`tickets.pdf`, `invoice.pdf`) as a link the customer can open. */
export function orderDocumentUrl(
  config: Pick<Config, 'appUrl' | 'sessionSecret'>,
  orderId: number,
  file: 'tickets.pdf' | 'invoice.pdf' | 'receipt.pdf',
): string {
  return `${config.appUrl}/api/public/orders/${orderId}/${file}?token=${orderToken(config, orderId)}`;
}

/** What the ticket's QR code holds. */
export function checkinUrl(config: Pick<Config, 'appUrl'>, ticketCode: string): string {
  return `${config.appUrl}/ticket/${ticketCode}/checkin`;
}
