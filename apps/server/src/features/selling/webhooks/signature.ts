import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `Bookla-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (CONTRACT §8), one
 * `v1=` per secret that signs: after a rotation the new and, for the overlap, the previous one.
 */
export function signatureHeader(secrets: readonly string[], body: string, unixSeconds: number): string {
  const parts = [`t=${unixSeconds}`];
  for (const secret of secrets) parts.push(`v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return parts.join(',');
}

/**
 * The receiver's check, as documented in docs/api/webhooks.md: some `v1=` matches and `t` is
 * within `toleranceSeconds` of `now`. Used by the tests as a receiver would.
 */
export function verifySignature(header: string, body: string, secret: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const fields = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(fields.find(([k]) => k === 't')?.[1]);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return fields.some(
    ([k, v]) => k === 'v1' && v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected),
  );
}
