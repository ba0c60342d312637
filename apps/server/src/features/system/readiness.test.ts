import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../lib/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/**
 * GET /api/ready (CONTRACT §7): 200 only when the database answers, the migrations are applied and
 * the jobs runner is alive; 503 with the failing check otherwise; Redis down is `degraded`, still
 * 200. GET /api/health stays 200 whatever the dependencies do (liveness). The database "down"
 * cases point the app at real sockets: a port where nothing listens, and a server that accepts
 * and never answers.
 */

/** A port where nothing listens (taken and released again). */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** A TCP server that accepts connections and never says a word. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Databases a test opened besides the app's; closed (and dropped) at the end. */
const extra: Database[] = [];

/** A database of the test's kind (PGlite, or a new one on the PostgreSQL server) without the migrations. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    extra.push(database);
    return database;
  }
  const name = `bookla_t_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 1 });
  extra.push({
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
  return database;
}

let t: TestApp;
let realDb: Db;

beforeAll(async () => {
  t = await buildTestApp({
    limiter: createMemoryRateLimiter(),
    extend(app) {
      // A call that reads the database the app holds at the time of the call.
      app.get('/api/test/read', async () => {
        await app.deps.db.execute(sql`SELECT 1`);
        return { ok: true };
      });
    },
  });
  realDb = t.app.deps.db;
});
afterEach(async () => {
  t.app.deps.db = realDb;
  await t.app.deps.jobs.stop();
});
afterAll(async () => {
  await t.close();
  await Promise.all(extra.splice(0).map((d) => d.close().catch(() => {})));
});

const ready = () => t.app.inject({ url: '/api/ready', headers: { 'accept-language': 'en' } });

describe('GET /api/ready', () => {
  it('answers 200 ok when the database answers, migrations are applied and the jobs runner runs', async () => {
    t.app.deps.jobs.start(60_000);
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the jobs runner when it is stopped (and when it stopped waking up)', async () => {
    const stopped = await ready();
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toEqual({
      status: 'unavailable',
      message: 'The service is briefly unavailable. Please try again in 5 seconds.',
      checks: { database: 'ok', migrations: 'ok', jobs: 'stopped' },
    });
    expect(stopped.headers['retry-after']).toBe('5');

    // A loop that stopped waking up (its thread stuck, say) counts as stopped too.
    const heartbeat = t.app.deps.jobsHeartbeat;
    t.app.deps.jobsHeartbeat = () => Date.now() - 60_000;
    try {
      expect((await ready()).json().checks.jobs).toBe('stopped');
    } finally {
      t.app.deps.jobsHeartbeat = heartbeat;
    }
  });

  it('answers 503 naming the database when nothing listens where it should be', async () => {
    t.app.deps.jobs.start(60_000);
    const down = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    extra.push(down);
    t.app.deps.db = down.db;
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ database: 'down', migrations: 'unknown', jobs: 'ok' });
    // A call that needs the database: 503 (connection refused), not 500.
    const call = await t.app.inject({ url: '/api/test/read', headers: { 'accept-language': 'en' } });
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in 5 seconds.' });
    // Liveness does not ask the database.
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 within its timeout when the database accepts and never answers', async () => {
    t.app.deps.jobs.start(60_000);
    const silent = await silentServer();
    try {
      const hanging = await openDatabase({ url: `postgres://postgres@127.0.0.1:${silent.port}/none` });
      extra.push(hanging);
      t.app.deps.db = hanging.db;
      const started = Date.now();
      const res = await ready();
      // Its 2 s deadline, with room for a busy machine: not the driver's endless wait.
      expect(Date.now() - started).toBeLessThan(6000);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe('down');
    } finally {
      await silent.close();
    }
  });

  it('answers 503 naming the migrations on a database they have not run on', async () => {
    const empty = await emptyDatabase();
    t.app.deps.db = empty.db;
    // Started after the empty database is made (seconds on a busy machine, beyond the heartbeat's 15 s once):
    // this test is about the migrations, the runner's heartbeat must be fresh.
    t.app.deps.jobs.start(60_000);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ database: 'ok', migrations: 'pending', jobs: 'ok' });
  });
});

describe('GET /api/ready with Redis away', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({
      limiter: createRedisRateLimiter(`redis://127.0.0.1:${await closedPort()}`, { log: { warn() {}, info() {} } }),
    });
  });
  afterAll(() => r.close());

  it('reports redis degraded and stays 200: limits count per instance meanwhile', async () => {
    r.app.deps.jobs.start(60_000);
    try {
      const started = Date.now();
      const res = await r.app.inject('/api/ready');
      // No wait for Redis (the limiter answers within 250 ms); room for a busy machine.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok', redis: 'degraded' } });
    } finally {
      await r.app.deps.jobs.stop();
    }
  });
});
