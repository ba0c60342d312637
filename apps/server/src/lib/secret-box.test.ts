import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.ts';
import { decryptWithKey, encryptWithKey, openSecret, sealSecret } from './secret-box.ts';

const SECRET = 'session-secret-one-session-secret-one';
const plain = 'sk_test_51Hxyzabcdefghijklmnop';

describe('secret box', () => {
  it('seals with AES-256-GCM under the purpose key: a fresh IV per value, the plain text nowhere', () => {
    const a = sealSecret(SECRET, 'payment-secrets', plain);
    const b = sealSecret(SECRET, 'payment-secrets', plain);
    expect(a).not.toBe(b);
    expect(a).not.toContain(plain);
    expect(Buffer.from(a.split('.')[3]!, 'base64url').toString('utf8')).not.toContain('sk_test');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openSecret(SECRET, 'payment-secrets', a)).toBe(plain);
  });

  it('does not open with another purpose, another SESSION_SECRET, another aad, or when changed', () => {
    const sealed = sealSecret(SECRET, 'payment-secrets', plain, 'team:1:stripe_secret_key');
    expect(openSecret(SECRET, 'payment-secrets', sealed, 'team:1:stripe_secret_key')).toBe(plain);
    expect(() => openSecret(SECRET, 'totp-secrets', sealed, 'team:1:stripe_secret_key')).toThrow();
    expect(() => openSecret(`${SECRET}x`, 'payment-secrets', sealed, 'team:1:stripe_secret_key')).toThrow();
    expect(() => openSecret(SECRET, 'payment-secrets', sealed, 'team:2:stripe_secret_key')).toThrow();
    expect(() => openSecret(SECRET, 'payment-secrets', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(SECRET, 'payment-secrets', parts.join('.'), 'team:1:stripe_secret_key')).toThrow();
    expect(() => openSecret(SECRET, 'payment-secrets', 'plain-text', 'team:1:stripe_secret_key')).toThrow('unknown secret format');
  });

  it('takes any 256-bit key (the 2FA secrets keep their own derivation)', () => {
    const key = deriveKey(SECRET, 'payment-secrets');
    expect(decryptWithKey(key, encryptWithKey(key, 'x'))).toBe('x');
    expect(decryptWithKey(key, sealSecret(SECRET, 'payment-secrets', 'y'))).toBe('y');
  });
});
