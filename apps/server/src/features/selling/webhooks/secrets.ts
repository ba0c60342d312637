import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config/env.ts';
import { openSecret, sealSecret } from '../../../lib/secret-box.ts';

/** `whsec_` and 256 random bits (base64url): shown once, kept sealed (it must sign, so it cannot be a hash). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** Bound to its endpoint: a sealed secret copied to another row does not open. */
const aad = (endpointId: number) => `webhook-endpoint:${endpointId}`;

export function sealWebhookSecret(config: Pick<Config, 'sessionSecret'>, endpointId: number, secret: string): string {
  return sealSecret(config.sessionSecret, 'webhook-secrets', secret, aad(endpointId));
}

/** The secrets that sign now: the current one, and the previous one during its overlap after a rotation. */
export function endpointSecrets(
  config: Pick<Config, 'sessionSecret'>,
  endpoint: { id: number; secretSealed: string; previousSecretSealed: string | null; previousSecretUntil: Date | null },
  now: Date,
): string[] {
  const secrets = [openSecret(config.sessionSecret, 'webhook-secrets', endpoint.secretSealed, aad(endpoint.id))];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > now.getTime())
    secrets.push(openSecret(config.sessionSecret, 'webhook-secrets', endpoint.previousSecretSealed, aad(endpoint.id)));
  return secrets;
}
