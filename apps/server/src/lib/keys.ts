import { hkdfSync } from 'node:crypto';

/**
 * One secret in the environment (`SESSION_SECRET`), one derived key per purpose (HKDF-SHA256),
 * so a key leaked or misused for one purpose (say, a signed URL) says nothing about another
 * (cookie signatures, stored 2FA secrets, recovery-code hashes).
 */
export type KeyPurpose =
  | 'cookies'
  | 'signed-urls'
  | 'totp-secrets'
  | 'recovery-codes'
  | 'order-links'
  | 'payment-secrets'
  | 'hold-keys'
  | 'webhook-secrets';

const cache = new Map<string, Buffer>();

export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'bookla-keys', `bookla:${purpose}:v1`, 32));
    cache.set(id, key);
  }
  return key;
}

/** The derived key as text, for APIs that take a string secret (e.g. @fastify/cookie). */
export function deriveKeyString(secret: string, purpose: KeyPurpose): string {
  return deriveKey(secret, purpose).toString('base64url');
}
