import { createHash } from 'node:crypto';
import { ErrorCodes } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError, validationError } from './app-error.ts';

/**
 * `Idempotency-Key` on the public checkout's POSTs (CONTRACT §7, decision 023). A client that
 * lost a reply (502 from a proxy, a dropped connection) sends the call again with the same key and
 * body and gets the first reply (same status and body, header `Idempotent-Replayed: true`), and
 * nothing is created twice; the same key with another body answers 422.
 *
 * Keys live in `idempotency_keys` (every instance sees them), per team and kind of call (`scope`):
 *
 * 1. Before any work the key is reserved with one INSERT … ON CONFLICT (its own statement,
 *    committed at once) as `pending`, with a lease. Of concurrent repeats exactly one wins.
 * 2. A repeat that finds the key `pending` waits up to WAIT_MS for the first to finish (double
 *    clicks, a retry racing a slow first call) and answers its reply; after that 409
 *    `IDEMPOTENCY_IN_PROGRESS` with `Retry-After: 1`. It never runs the call itself.
 * 3. When the reply is sent (`onSend`) a 2xx or a 422 is stored (`done`) to be answered again;
 *    any other reply — 5xx, or a refusal that may change (409 sold out, 404, 429) — deletes the
 *    key, so a retry runs the call afresh.
 * 3a. Unless the call committed: what it creates is linked to the key in its own statement
 *    (`commitLinkSql`, column `committed_id`). A key with a link is never deleted; a reply that
 *    failed after the commit (a terminated connection, a payment start that failed, a process
 *    killed before `onSend`) ends its lease at once, and the next repeat takes the key over and
 *    answers what was committed (`recover`), instead of creating it again.
 * 4. A key is answered for 24 h after its first use, then it counts as new; a periodic sweep
 *    deletes old keys. A `pending` key whose lease ran out (its instance died mid-call) may be
 *    taken over by a repeat.
 */

export type IdempotencyScope = 'order' | 'reservation';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a reserved key holds while its call runs (far above any checkout). */
export const IDEMPOTENCY_LEASE_MS = 120_000;
/** How long a repeat waits for a concurrent first call before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 3_000;

/** The header, documented on the route (422 when empty or longer than 255 characters). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Up to 255 characters. A repeat with the same key and body within 24 h answers the first reply again (`Idempotent-Replayed: true`) and creates nothing; the same key with another body: 422; while the first call with the key still runs: 409 `IDEMPOTENCY_IN_PROGRESS` with Retry-After.',
    ),
});

export interface Held {
  teamId: number;
  scope: IdempotencyScope;
  key: string;
  hash: string;
}

/** Requests that reserved a key and must settle it when their reply is sent. */
const held = new WeakMap<FastifyRequest, Held>();

/** The key this request holds (its call links what it commits with `commitLinkSql`), if any. */
export const heldKey = (request: FastifyRequest): Held | undefined => held.get(request);

/** A committed call's reply built again from what it committed; null when that is gone (the call runs afresh). */
export type Recover = (request: FastifyRequest, committedId: number) => Promise<{ status: number; body: unknown } | null>;

export type Outcome =
  | { kind: 'reserved'; committedId: number | null }
  | { kind: 'mismatch' }
  | { kind: 'busy' }
  | { kind: 'replay'; status: number; body: string };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JSON with object keys sorted: bodies that differ only in key order are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** Reserves the key for this call, or says what a repeat answers (waiting up to `waitMs` for a running first call). */
export async function reserveKey(db: Db, k: Held, waitMs = IDEMPOTENCY_WAIT_MS): Promise<Outcome> {
  const deadline = Date.now() + waitMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    // New, or taken over: older than the TTL (a new key now: what it committed is forgotten), or
    // pending past its lease (holder gone, or its reply failed) — with what it committed, by the same body only.
    const won = await db.execute(sql`
      INSERT INTO idempotency_keys AS k (team_id, scope, key, request_hash, state, locked_until)
      VALUES (${k.teamId}, ${k.scope}, ${k.key}, ${k.hash}, 'pending', now() + ${IDEMPOTENCY_LEASE_MS}::int * interval '1 millisecond')
      ON CONFLICT (team_id, scope, key) DO UPDATE
        SET request_hash = excluded.request_hash, state = 'pending', reply_status = NULL, reply_body = NULL,
            locked_until = excluded.locked_until, created_at = now(),
            committed_id = CASE WHEN k.created_at <= now() - ${IDEMPOTENCY_TTL_HOURS}::int * interval '1 hour' THEN NULL ELSE k.committed_id END
        WHERE k.created_at <= now() - ${IDEMPOTENCY_TTL_HOURS}::int * interval '1 hour'
           OR (k.state = 'pending' AND k.locked_until < now() AND (k.committed_id IS NULL OR k.request_hash = excluded.request_hash))
      RETURNING k.committed_id`);
    const [taken] = rowsOf<{ committed_id: number | null }>(won);
    if (taken) return { kind: 'reserved', committedId: taken.committed_id === null ? null : Number(taken.committed_id) };
    const [row] = rowsOf<{ request_hash: string; state: string; reply_status: number | null; reply_body: string | null }>(
      await db.execute(sql`
        SELECT request_hash, state, reply_status, reply_body FROM idempotency_keys
        WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key}`),
    );
    // Deleted in between (its first call failed): try to reserve it again at once.
    if (!row) continue;
    if (row.request_hash !== k.hash) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: Number(row.reply_status), body: row.reply_body ?? '' };
    if (Date.now() >= deadline) return { kind: 'busy' };
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
  }
}

/** Stores the reply of a reserved key (only while this call still holds it). */
export async function completeKey(db: Db, k: Held, status: number, body: string): Promise<void> {
  await db.execute(sql`
    UPDATE idempotency_keys SET state = 'done', reply_status = ${status}, reply_body = ${body}, locked_until = NULL
    WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key} AND state = 'pending' AND request_hash = ${k.hash}`);
}

/**
 * Frees a reserved key: the call answered something not to be repeated (5xx, or a refusal that may
 * change). A key whose call committed is kept, its lease ended: the next repeat answers what was committed.
 */
export async function releaseKey(db: Db, k: Held): Promise<void> {
  await db.execute(sql`
    WITH mine AS (
      SELECT committed_id FROM idempotency_keys
      WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key} AND state = 'pending' AND request_hash = ${k.hash}
      FOR UPDATE),
    freed AS (
      DELETE FROM idempotency_keys
      WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key} AND (SELECT committed_id FROM mine) IS NULL AND EXISTS (SELECT 1 FROM mine))
    UPDATE idempotency_keys SET locked_until = now()
    WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key} AND (SELECT committed_id FROM mine) IS NOT NULL`);
}

/**
 * The UPDATE that links what a keyed call creates to its key, for the creating statement itself
 * (a CTE of it, or a statement of its transaction): commits with it or not at all. Values through
 * `bind` (a shaped statement binds each).
 */
export function commitLinkSql(k: Held, committedId: number, bind: <T>(value: T) => T = (v) => v) {
  return sql`UPDATE idempotency_keys SET committed_id = ${bind(committedId)}
    WHERE team_id = ${bind(k.teamId)} AND scope = ${bind(k.scope)} AND key = ${bind(k.key)} AND state = 'pending' AND request_hash = ${bind(k.hash)}`;
}

/** Deletes keys older than the TTL, in batches (a periodic sweep). Returns how many. */
export async function purgeIdempotencyKeys(db: Db, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH gone AS (
        DELETE FROM idempotency_keys WHERE ctid IN (
          SELECT ctid FROM idempotency_keys WHERE created_at < now() - ${IDEMPOTENCY_TTL_HOURS}::int * interval '1 hour' LIMIT 5000)
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    total += n;
    if (n < 5000 || stopped()) return total;
  }
}

/** Which replies are answered again: successes and validation refusals (the same body gets the same 422). */
export const replayable = (status: number) => (status >= 200 && status < 300) || status === 422;

/**
 * The route hooks of an idempotent call: `preHandler` (first of the route's, after the schema
 * checked body and header) reserves the key or answers the repeat; `onSend` settles the key with
 * the reply. `teamIdOf` names the team the key belongs to; `recover` answers a repeat whose first
 * call committed but whose reply failed (without it such a key runs the call again).
 */
export function idempotentRoute(
  db: Db,
  scope: IdempotencyScope,
  teamIdOf: (request: FastifyRequest) => number,
  /** How a key is reserved: `reserveKey`; only the race test's control passes another. */
  reserve: (db: Db, k: Held) => Promise<Outcome> = reserveKey,
  recover?: Recover,
) {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const key = (request.headers as { 'idempotency-key'?: string })['idempotency-key'];
      if (key === undefined) return;
      const k: Held = { teamId: teamIdOf(request), scope, key, hash: requestHash(request.body) };
      const outcome = await reserve(db, k);
      if (outcome.kind === 'reserved') {
        held.set(request, k);
        if (outcome.committedId === null || !recover) return;
        const again = await recover(request, outcome.committedId);
        // Stored as the key's reply by onSend (this request holds the key).
        if (again) return reply.status(again.status).header('Idempotent-Replayed', 'true').send(again.body);
        return;
      }
      if (outcome.kind === 'mismatch') throw validationError({ 'idempotency-key': ['checkout:idempotency.other_body'] });
      if (outcome.kind === 'busy') {
        reply.header('Retry-After', '1');
        throw new AppError('CONFLICT', 'checkout:idempotency.in_progress', { extra: { code: ErrorCodes.IDEMPOTENCY_IN_PROGRESS } });
      }
      return reply.status(outcome.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(outcome.body);
    },
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const k = held.get(request);
      if (!k) return payload;
      held.delete(request);
      try {
        if (replayable(reply.statusCode) && typeof payload === 'string') await completeKey(db, k, reply.statusCode, payload);
        else await releaseKey(db, k);
      } catch (err: unknown) {
        // The reply still goes out; the key stays pending until its lease ends (then a repeat runs the call again).
        request.log.error({ err, scope, key: k.key }, 'idempotency key not settled');
      }
      return payload;
    },
  };
}
