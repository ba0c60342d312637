import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShop, orderBody } from '../features/selling/orders/checkout-fixtures.ts';
import { executePrepared } from '../lib/sql.ts';
import { setNamedStatements } from './statement-names.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, loginAs, makeTicket } from '../test/factories.ts';
import { openDatabase, type Database } from './client.ts';
import { tickets } from './schema/index.ts';
import { seedReferenceData } from './seed/index.ts';
import { withStartupLock } from './startup.ts';

/**
 * DATABASE_POOL_MODE=transaction (CONTRACT §7): the app behind a real PgBouncer 1.18 (Debian's)
 * in transaction mode, which hands every transaction any of its two server connections. Named
 * prepared statements and the `options` start-up parameter do not work there (the controls at
 * the end show both failing through the same PgBouncer), so the app runs its statements unnamed
 * and sets no time zone per connection. The database's own time zone is set to Pacific/Chatham
 * (UTC+13:45) to show that no answer depends on the session's zone: the same requests answer the
 * same through PgBouncer as through a direct connection whose session is UTC.
 */

const url = process.env.DATABASE_URL;
const PGBOUNCER = '/usr/sbin/pgbouncer';
// CI installs PgBouncer (.ci/run); elsewhere a machine without it skips this file, saying so.
const missing = !existsSync(PGBOUNCER) && process.env.CI !== 'true';
if (url && missing) console.warn(`pool-mode.test.ts skipped: ${PGBOUNCER} is not installed (apt-get install pgbouncer)`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Bouncer {
  port: number;
  stop(): Promise<void>;
}

/** A PgBouncer in transaction mode in front of the test's PostgreSQL, as its own process. */
async function startPgBouncer(target: URL): Promise<Bouncer> {
  const dir = mkdtempSync(join(tmpdir(), 'bookla-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${decodeURIComponent(target.username || 'postgres')}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Two server connections for six client connections: every transaction may land on another.
      'default_pool_size = 2',
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root (CI) it runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
    : {};
  if (asRoot) {
    chmodSync(dir, 0o755);
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(join(dir, f), ids.uid!, ids.gid!);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { ...ids, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when it accepts a connection and answers through to PostgreSQL (bounded, not a fixed delay).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const probe = new pg.Client({ host: '127.0.0.1', port, user: target.username || 'postgres', database: 'postgres' });
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      await probe.end();
      break;
    } catch (err) {
      await probe.end().catch(() => {});
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '';
        throw new Error(`PgBouncer did not start: ${(err as Error).message}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!url || missing)('behind PgBouncer in transaction mode (DATABASE_POOL_MODE=transaction)', () => {
  const name = `bookla_pm_${randomBytes(5).toString('hex')}`;
  let bouncer: Bouncer;
  let direct: URL;
  let pooled: URL;
  let viaBouncer: Database;
  let t: TestApp;

  const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`CREATE DATABASE ${name}`);
      await c.query(`ALTER DATABASE ${name} SET TimeZone = 'Pacific/Chatham'`);
    });
    direct = new URL(url!);
    direct.pathname = `/${name}`;
    bouncer = await startPgBouncer(direct);
    pooled = new URL(direct);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(bouncer.port);
    viaBouncer = await openDatabase({ url: pooled.toString(), poolSize: 6, poolMode: 'transaction' });
    // Start-up through the pooler: migrations and the seed under the transaction-scoped lock.
    await withStartupLock(viaBouncer, async () => {
      await viaBouncer.migrate();
      await seedReferenceData(viaBouncer.db);
    });
    t = await buildTestApp({ database: viaBouncer, config: { databasePoolMode: 'transaction' } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await viaBouncer?.close();
    await bouncer?.stop();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  // Each buyer from another address: the per-address limits are not under test here.
  let ip = 0;
  const remoteAddress = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

  it('sells exactly the stock to 24 concurrent buyers, logs in and lists, with no error, through two server connections', async () => {
    const db = viaBouncer.db;
    expect(await executePrepared(db, sql`SHOW TimeZone`)).toEqual([{ TimeZone: 'Pacific/Chatham' }]);
    const shop = await makeShop(db);
    const ticket = await makeTicket(db, shop.teamId, shop.activity.id, { stock: 10, priceMinor: 2500, maxPerOrder: 5 });
    const replies = await Promise.all(
      Array.from({ length: 24 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/teams/${shop.teamId}/orders`,
          payload: orderBody(ticket.id),
          remoteAddress: remoteAddress(),
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const [row] = await db.select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.sold).toBe(10);

    // The session lookup, the public catalogue and the back-office list are prepared statements.
    const { user } = await createUserWithTeam(db);
    const client = await loginAs(t.app, user.email);
    const many = await Promise.all([
      ...Array.from({ length: 12 }, () => client.get('/api/srl/user')),
      ...Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: `/api/public/teams/${shop.teamId}/activities` })),
      ...Array.from({ length: 6 }, () => client.get('/api/courses')),
    ]);
    expect(many.map((r) => r.statusCode)).toEqual(many.map(() => 200));
  });

  it('answers as a direct connection does, although the sessions behind PgBouncer are in UTC+13:45', async () => {
    // The same database, straight to PostgreSQL, whose sessions are UTC (set per connection).
    const straight = await openDatabase({ url: direct.toString(), poolSize: 2 });
    // Both apps in one process: statements stay unnamed for both (the pooler needs it).
    setNamedStatements(false);
    const other = await buildTestApp({ database: straight });
    try {
      expect(await executePrepared(straight.db, sql`SHOW TimeZone`)).toEqual([{ TimeZone: 'UTC' }]);
      const shop = await makeShop(viaBouncer.db);
      // Orders on both sides of midnight in Zurich, in Chatham and in UTC.
      for (const at of ['2026-03-29T22:30:00Z', '2026-03-30T10:20:00Z', '2026-03-30T11:00:00Z', '2026-03-30T23:59:00Z']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/public/teams/${shop.teamId}/orders`,
          payload: orderBody(shop.ticket.id),
          remoteAddress: remoteAddress(),
        });
        expect(res.statusCode).toBe(201);
        await viaBouncer.db.execute(
          sql`UPDATE orders SET created_at = ${at}::timestamptz WHERE id = (SELECT max(id) FROM orders WHERE team_id = ${shop.teamId})`,
        );
      }
      const { user } = await createUserWithTeam(viaBouncer.db, { teamId: shop.teamId, role: 'owner' });
      const viaPool = await loginAs(t.app, user.email);
      const viaDirect = await loginAs(other.app, user.email);
      for (const path of [
        '/api/statistics/sales?from=2026-03-29&to=2026-04-01',
        '/api/orders?created_from=2026-03-30&created_to=2026-03-30',
        '/api/orders?created_from=2026-03-31&created_to=2026-03-31',
        '/api/statistics/dashboard',
      ]) {
        const a = await viaPool.get(path);
        const b = await viaDirect.get(path);
        expect(a.statusCode, path).toBe(200);
        expect(a.json(), path).toEqual(b.json());
      }
    } finally {
      await other.close();
      await straight.close();
    }
  });

  it('CONTROL: named prepared statements through the same PgBouncer fail ("does not exist" / "already exists"); unnamed ones do not', async () => {
    const run = () =>
      Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => executePrepared(viaBouncer.db, sql`SELECT ${i % 3}::int AS n, 'control' AS what`)),
      );
    setNamedStatements(true);
    try {
      const named = await run();
      const codes = named.flatMap((r) =>
        r.status === 'rejected'
          ? [(r.reason as { cause?: { code?: string }; code?: string }).cause?.code ?? (r.reason as { code?: string }).code]
          : [],
      );
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes)).toSatisfy((s: Set<string>) => [...s].every((c) => c === '26000' || c === '42P05'));
    } finally {
      setNamedStatements(false);
    }
    const unnamed = await run();
    expect(unnamed.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('CONTROL: the session mode start-up option is refused by PgBouncer 1.18 (why transaction mode sets no time zone per connection)', async () => {
    const session = await openDatabase({ url: pooled.toString(), poolSize: 1, poolMode: 'session' });
    try {
      const failed = await session.db.execute(sql`SELECT 1`).then(
        () => undefined,
        (err: Error & { cause?: Error }) => err.cause ?? err,
      );
      expect(failed?.message).toMatch(/unsupported startup parameter: options/);
    } finally {
      await session.close();
      setNamedStatements(false);
    }
  });
});
