import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/env.ts';
import { deriveKey } from './keys.ts';

/** 256-bit random token from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored as SHA-256 only. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function hmac(secret: string | Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The one key signed URLs use: derived from SESSION_SECRET for this purpose alone (typed, so no caller passes the raw secret). */
export type UrlSigningKey = Buffer & { readonly purpose: 'signed-urls' };

export function urlSigningKey(config: Pick<Config, 'sessionSecret'>): UrlSigningKey {
  return deriveKey(config.sessionSecret, 'signed-urls') as UrlSigningKey;
}

/**
 * Signed, expiring URLs (like Laravel's signed routes): `expires` and `signature` query
 * parameters; the signature covers path and expiry.
 */
export function signUrl(key: UrlSigningKey, baseUrl: string, path: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = hmac(key, `${path}?expires=${expires}`);
  return `${baseUrl}${path}?expires=${expires}&signature=${signature}`;
}

export function verifySignedPath(
  key: UrlSigningKey,
  path: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): 'ok' | 'expired' | 'invalid' {
  if (!expires || !signature || !/^\d+$/.test(expires)) return 'invalid';
  if (!constantTimeEqual(hmac(key, `${path}?expires=${expires}`), signature)) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'ok';
}
