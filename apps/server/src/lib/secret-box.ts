import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey, type KeyPurpose } from './keys.ts';

/**
 * Secrets at rest (2FA secrets, payment keys): AES-256-GCM, a fresh 96-bit IV per value, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is one derived for the purpose from
 * SESSION_SECRET (lib/keys.ts), so a key of one kind never opens another. `aad` binds a value to
 * where it belongs (say, the team and the column): a ciphertext copied to another row or column
 * no longer decrypts.
 */

export function encryptWithKey(key: Buffer, plain: string, aad?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** Throws when the value was changed, is in another format, or was sealed with another key or `aad`. */
export function decryptWithKey(key: Buffer, stored: string, aad?: string): string {
  const [version, iv, tag, ct, ...rest] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ct || rest.length) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Encrypts under the key derived from `sessionSecret` for `purpose`. */
export function sealSecret(sessionSecret: string, purpose: KeyPurpose, plain: string, aad?: string): string {
  return encryptWithKey(deriveKey(sessionSecret, purpose), plain, aad);
}

export function openSecret(sessionSecret: string, purpose: KeyPurpose, stored: string, aad?: string): string {
  return decryptWithKey(deriveKey(sessionSecret, purpose), stored, aad);
}
