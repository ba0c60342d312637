import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startJobsThread } from '../jobs-thread.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/**
 * A lost database connection ends no process (CONTRACT §7, decision 022), on the PostgreSQL
 * server: the test ends the app's own backends with pg_terminate_backend — idle in the pool, in
 * the middle of a statement of a transaction, and between two statements of one (the case that
 * used to end the process: pg emits `error` on a checked-out client nobody listened to). The call
 * it hits answers 503 in the request's language with Retry-After, nothing of its transaction is
 * left, and the next calls work (the pool opened new connections). An uncaught exception would
 * fail the run (vitest reports it), and is recorded here too.
 */
const url = process.env.DATABASE_URL;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe.skipIf(!url)('a terminated database connection (PostgreSQL)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: pg.Client;
  let dbName = '';
  /** A transaction of the write route waits here between its two statements (mode `gate`). */
  let gate: { opened: Promise<void>; open(): void } | undefined;
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    t = await buildTestApp({
      extend(instance) {
        const r = instance.withTypeProvider<ZodTypeProvider>();
        // Two rows in one transaction, with a slow statement or a wait between them.
        r.post(
          '/api/test/faults/write',
          {
            config: { csrf: false },
            schema: {
              querystring: z.object({ tag: z.string(), mode: z.enum(['sleep', 'gate']), seconds: z.coerce.number().default(10) }),
            },
          },
          async (request, reply) => {
            const { tag, mode, seconds } = request.query;
            await instance.deps.db.transaction(async (tx) => {
              await tx.execute(sql`INSERT INTO fault_probe (tag) VALUES (${tag})`);
              if (mode === 'sleep') await tx.execute(sql`SELECT pg_sleep(${seconds})`);
              else await gate?.opened;
              await tx.execute(sql`INSERT INTO fault_probe (tag) VALUES (${tag})`);
            });
            return reply.status(201).send({ ok: true });
          },
        );
        r.get('/api/test/faults/count', { schema: { querystring: z.object({ tag: z.string() }) } }, async (request) => {
          const result = await instance.deps.db.execute(sql`SELECT count(*)::int AS n FROM fault_probe WHERE tag = ${request.query.tag}`);
          return { n: rowsOf<{ n: number }>(result)[0]!.n };
        });
        // A slow statement outside any transaction.
        r.get('/api/test/faults/sleep', async () => {
          await instance.deps.db.execute(sql`SELECT pg_sleep(10)`);
          return { ok: true };
        });
      },
    });
    app = t.app;
    await app.deps.db.execute(sql`CREATE TABLE fault_probe (id serial PRIMARY KEY, tag text NOT NULL)`);
    dbName = rowsOf<{ name: string }>(await app.deps.db.execute(sql`SELECT current_database() AS name`))[0]!.name;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  /** The app's backends (this test database only) in the given state, e.g. running pg_sleep. */
  const backends = async (where: string): Promise<number[]> =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' ${where}`,
        [dbName],
      )
    ).rows.map((r) => r.pid);
  const terminate = async (pids: number[]) => {
    for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  };
  async function waitForBackends(where: string): Promise<number[]> {
    const until = Date.now() + 10_000;
    for (;;) {
      const pids = await backends(where);
      if (pids.length) return pids;
      if (Date.now() > until) throw new Error(`no backend ${where}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const count = async (tag: string) => {
    const res = await app.inject(`/api/test/faults/count?tag=${tag}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ n: number }>().n;
  };
  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message });
    expect(res.headers['retry-after']).toBe('5');
  };

  it('idle connections ended: the next calls open new ones and answer', async () => {
    // Several connections in the pool, idle.
    await Promise.all(Array.from({ length: 5 }, () => count('warm')));
    const idle = await backends("AND state = 'idle'");
    expect(idle.length).toBeGreaterThan(0);
    await terminate(idle);
    await new Promise((r) => setTimeout(r, 100));
    const results = await Promise.all(Array.from({ length: 5 }, () => app.inject('/api/test/faults/count?tag=warm')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await backends(`AND pid IN (${idle.join(',')})`)).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it('ended under a statement of a transaction: 503 in the language of the call, nothing written, the next call works', async () => {
    const call = app.inject({ method: 'POST', url: '/api/test/faults/write?tag=under&mode=sleep', headers: { 'accept-language': 'fr' } });
    await terminate(await waitForBackends("AND query LIKE '%pg_sleep%' AND state = 'active'"));
    expect503(await call, 'Le service est momentanément indisponible. Veuillez réessayer dans 5 secondes.');
    expect(await count('under')).toBe(0);
    expect(uncaught).toEqual([]);
    // The same write, undisturbed, commits both rows.
    gate = { opened: Promise.resolve(), open() {} };
    const again = await app.inject({ method: 'POST', url: '/api/test/faults/write?tag=under&mode=gate' });
    expect(again.statusCode).toBe(201);
    expect(await count('under')).toBe(2);
  });

  it('ended between two statements of a transaction (the client checked out, idle): 503, nothing written, the process lives', async () => {
    let open!: () => void;
    gate = { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    const call = app.inject({ method: 'POST', url: '/api/test/faults/write?tag=between&mode=gate', headers: { 'accept-language': 'de' } });
    await terminate(await waitForBackends("AND state = 'idle in transaction'"));
    // The client's `error` event arrives while nobody runs a query on it: it must not end the process.
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);
    gate.open();
    expect503(await call, 'Der Dienst ist gerade kurz nicht erreichbar. Bitte in 5 Sekunden erneut versuchen.');
    expect(await count('between')).toBe(0);
    expect(uncaught).toEqual([]);
  });

  it('ended under a statement outside a transaction: 503, then the next call works', async () => {
    const call = app.inject({ url: '/api/test/faults/sleep', headers: { 'accept-language': 'en' } });
    await terminate(await waitForBackends("AND query LIKE '%pg_sleep%' AND state = 'active'"));
    expect503(await call, 'The service is briefly unavailable. Please try again in 5 seconds.');
    expect(await count('none')).toBe(0);
    expect(uncaught).toEqual([]);
  });

  it('every connection ended at once, under load: each call answers 200 or 503, then all answer', async () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      app.inject({ method: 'POST', url: `/api/test/faults/write?tag=load${i}&mode=sleep&seconds=1` }).then(async (res) => ({ i, res })),
    );
    await waitForBackends("AND query LIKE '%pg_sleep%' AND state = 'active'");
    await terminate(await backends(''));
    const settled = await Promise.all(calls);
    for (const { i, res } of settled) {
      expect([201, 503]).toContain(res.statusCode);
      // A 503 left nothing; a 201 (a call that waited for a connection and ran after) left both rows.
      expect(await count(`load${i}`)).toBe(res.statusCode === 201 ? 2 : 0);
    }
    expect(settled.some((s) => s.res.statusCode === 503)).toBe(true);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('the jobs thread reports its runner alive to GET /api/ready, and stopped once it ends', async () => {
    const target = new URL(url!);
    target.pathname = `/${dbName}`;
    const thread = startJobsThread({ ...app.deps.config, databaseUrl: target.toString() }, app.log, () => {});
    const heartbeat = app.deps.jobsHeartbeat;
    app.deps.jobsHeartbeat = () => thread.lastTick();
    let running = true;
    try {
      const until = Date.now() + 30_000;
      while (thread.lastTick() === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
      await thread.stop();
      running = false;
      const stopped = await app.inject('/api/ready');
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().checks.jobs).toBe('stopped');
    } finally {
      if (running) await thread.stop();
      app.deps.jobsHeartbeat = heartbeat;
    }
  }, 60_000);
});
