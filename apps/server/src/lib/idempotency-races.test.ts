import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam } from '../test/factories.ts';
import { idempotencyHeaders, idempotentRoute, type Held, type Outcome } from './idempotency.ts';

/**
 * The key's reservation under a burst of concurrent repeats, PostgreSQL only (PGlite runs one
 * statement at a time). A plumbing route counts how often its work runs (50 ms each). With the
 * reservation of lib/idempotency.ts (one INSERT … ON CONFLICT) the work runs once however many
 * repeats arrive together; the control reserves the same way a naive implementation would — read
 * the key, insert it when absent, go on either way — and must run the work more than once,
 * which proves the burst really races.
 */
const url = process.env.DATABASE_URL;
const REPEATS = 40;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Check, then insert: the race the real reservation avoids. */
async function naiveReserve(db: Db, k: Held): Promise<Outcome> {
  const [row] = rowsOf<{ state: string; reply_status: number; reply_body: string }>(
    await db.execute(sql`SELECT state, reply_status, reply_body FROM idempotency_keys
      WHERE team_id = ${k.teamId} AND scope = ${k.scope} AND key = ${k.key}`),
  );
  if (row?.state === 'done') return { kind: 'replay', status: row.reply_status, body: row.reply_body };
  if (row) return { kind: 'busy' };
  await db.execute(sql`INSERT INTO idempotency_keys (team_id, scope, key, request_hash, state, locked_until)
    VALUES (${k.teamId}, ${k.scope}, ${k.key}, ${k.hash}, 'pending', now() + interval '1 minute') ON CONFLICT DO NOTHING`);
  return { kind: 'reserved', committedId: null };
}

let t: TestApp;
let teamId: number;
const runs = { safe: 0, naive: 0 };

function plumbing(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const teamOf = (request: { params: unknown }) => (request.params as { teamId: number }).teamId;
  for (const kind of ['safe', 'naive'] as const) {
    const keys = idempotentRoute(db, 'order', teamOf, kind === 'safe' ? undefined : naiveReserve);
    typed.post(
      `/test/idempotent-${kind}/:teamId`,
      {
        config: { csrf: false },
        schema: {
          params: z.object({ teamId: z.coerce.number().int() }),
          headers: idempotencyHeaders,
          body: z.object({ n: z.number() }),
          response: { 201: z.object({ run: z.number() }) },
        },
        preHandler: keys.preHandler,
        onSend: keys.onSend,
      },
      async (_request, reply) => {
        const run = ++runs[kind];
        await sleep(50);
        return reply.status(201).send({ run });
      },
    );
  }
}

describe.skipIf(!url)('Idempotency-Key reservation under concurrent repeats (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await buildTestApp({ extend: plumbing });
    teamId = (await createUserWithTeam(t.app.deps.db)).team.id;
  });
  afterAll(() => t?.close());

  const burst = (kind: 'safe' | 'naive', key: string) =>
    Promise.all(
      Array.from({ length: REPEATS }, () =>
        t.app.inject({ method: 'POST', url: `/test/idempotent-${kind}/${teamId}`, payload: { n: 1 }, headers: { 'idempotency-key': key } }),
      ),
    );

  it(`${REPEATS} repeats at once, five rounds: the work runs once per key, every reply is its reply or 409`, async () => {
    for (let round = 0; round < 5; round++) {
      const before = runs.safe;
      const replies = await burst('safe', `safe-${round}`);
      expect(runs.safe - before).toBe(1);
      const created = replies.filter((r) => r.statusCode === 201);
      expect(new Set(created.map((r) => r.body)).size).toBe(1);
      expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    }
  }, 60_000);

  it('CONTROL: a check-then-insert reservation lets the same bursts run the work more than once', async () => {
    let most = 0;
    for (let round = 0; round < 5 && most < 2; round++) {
      const before = runs.naive;
      await burst('naive', `naive-${round}`);
      most = Math.max(most, runs.naive - before);
    }
    expect(most).toBeGreaterThan(1);
  }, 60_000);
});
