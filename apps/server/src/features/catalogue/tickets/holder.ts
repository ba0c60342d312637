import { createHmac } from 'node:crypto';
import type { Config } from '../../../config/env.ts';
import { clientKey } from '../../../lib/client-key.ts';
import { deriveKey } from '../../../lib/keys.ts';

/**
 * Who holds seats without having paid (issue 20 item 1, decision 009): the shop visitor's client
 * key (its IP, an IPv6 address by its /64: `clientKey`) as an HMAC under a key of its own — so the
 * table never stores an address and a leaked table cannot be matched against a list of IPs —, and
 * the order's e-mail address, normalised. Reservations and unpaid orders store both; the seats a
 * visitor holds of an activity are counted in SQL (`bookla_held_by`, migration 0013) under the
 * locks that take new ones.
 */
export interface Holder {
  key: string | null;
  email: string | null;
}

/** The client key of `ip` as stored (43 characters). */
export function holderKey(config: Pick<Config, 'sessionSecret'>, ip: string): string {
  return createHmac('sha256', deriveKey(config.sessionSecret, 'hold-keys')).update(clientKey(ip)).digest('base64url');
}

/**
 * An e-mail address as holds count it: trimmed, lower case, without a `+tag` in the local part
 * (`Anna+1@Example.com` and `anna@example.com` are one holder).
 */
export function holderEmail(email: string): string {
  const at = email.trim().toLowerCase();
  const i = at.lastIndexOf('@');
  if (i < 1) return at;
  const local = at.slice(0, i).split('+')[0] || at.slice(0, i);
  return `${local}${at.slice(i)}`;
}

/** The holder of a shop request: its client key, and the order's e-mail address when there is one. */
export function holderOf(config: Pick<Config, 'sessionSecret'>, ip: string, email?: string): Holder {
  return { key: holderKey(config, ip), email: email === undefined ? null : holderEmail(email) };
}
