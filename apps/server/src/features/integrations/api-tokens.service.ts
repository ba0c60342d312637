import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreate, type ApiTokenCreated } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashApiToken } from '../../plugins/api-token.ts';
import * as repo from './api-tokens.repo.ts';

/** Active tokens a team may hold: enough for every system it connects, bounded all the same. */
export const MAX_ACTIVE_TOKENS = 50;

/** A new secret: `bkl_` and 256 random bits (base64url, 43 characters). */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function listTokens(db: Db, teamId: number): Promise<ApiToken[]> {
  const rows = await repo.listActive(db, teamId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    hint: `${API_TOKEN_PREFIX}…${r.lastFour}`,
    created_at: r.createdAt.toISOString(),
    created_by: r.creatorFirstname === null ? null : `${r.creatorFirstname} ${r.creatorLastname ?? ''}`.trim(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    last_used_from: r.lastUsedIp,
  }));
}

/** Creates a token; the secret is returned here once and only its SHA-256 is stored. */
export async function createToken(db: Db, teamId: number, userId: number, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  if ((await repo.countActive(db, teamId)) >= MAX_ACTIVE_TOKENS) {
    throw new AppError('CONFLICT', 'integrations:token.too_many', { params: { max: MAX_ACTIVE_TOKENS } });
  }
  const token = newApiTokenSecret();
  const id = await repo.insert(db, {
    teamId,
    name: input.name,
    scopes: input.scopes,
    tokenHash: hashApiToken(token),
    lastFour: token.slice(-4),
    createdBy: userId,
  });
  return { id, token };
}

/** Revokes at once: the next call with it, on any instance, reads the revoked row and gets 401. */
export async function revokeToken(db: Db, teamId: number, id: number): Promise<void> {
  if (!(await repo.revoke(db, teamId, id))) throw notFound();
}
