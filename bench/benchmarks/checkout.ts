import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { spawnServer } from '../lib/child.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/db-admin.ts';
import { runLoad, type LatencySummary, type LoadResult } from '../lib/load.ts';
import type { BenchmarkResult, Settings, SideResult } from '../lib/measure.ts';
import { defineCustomBenchmark } from '../lib/types.ts';

/**
 * Checkout under load, on PostgreSQL (the "Performance" goals):
 * - `checkout:hot-ticket`: orders/s for ONE ticket at 50 connections (every buyer queues on the
 *   same ticket row), against pgbench running the same transaction shape on the same server in
 *   the same run (conditional stock update, order number from the counter row, order + item +
 *   participant inserts). Goals: ratio ≥ 0.5 and ≥ 67 orders/s.
 * - `checkout:burst-500`: 500 buyers at once for 100 seats: only 201/409/429, exactly 100 orders,
 *   p99 ≤ 1 s.
 * Each request plays another buyer (its own X-Forwarded-For, trusted from the load generator
 * only), so the per-IP limit of 600 orders/min applies per buyer as it would in production.
 */
const CONNECTIONS = 50;
const ORDERS_PER_SECOND_GOAL = 67;
const RATIO_GOAL = 0.5;
const BURST = 500;
const BURST_SEATS = 100;
const BURST_P99_MS = 1000;

const run = promisify(execFile);

const buyerIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function orderBody(ticketId: string, n: number): string {
  return JSON.stringify({
    items: [{ ticket_id: Number(ticketId), quantity: 1 }],
    customer: { firstname: 'Bench', lastname: `Buyer ${n}`, email: `buyer${n}@example.com` },
    participants: [{ ticket_id: Number(ticketId), firstname: 'Bench', lastname: `Buyer ${n}`, answers: {} }],
    answers: {},
    payment_method: 'free',
    language: 'de',
    accept_terms: true,
  });
}

/**
 * The baseline: the same writes as placing an order, in the same statements, as a pgbench script
 * on tables of the same shape (keys, unique and foreign keys, indexes that the writes maintain).
 * Like the app (docs/decisions/014-checkout-one-statement.md): the ids are taken first, then ONE
 * statement outside an explicit transaction writes the customer, order (numbered from the counter
 * row), item, participant, event and mail job and takes the seat through the same kind of
 * function (lock, then sold + n + live reservations ≤ stock under a new snapshot), refusing as a
 * whole when the seat is gone. What the app does on top — HTTP, validation, reading the ticket,
 * team, settings and booking fields, the reply, and the confirmation mail job afterwards — is what
 * the ratio measures.
 */
const PGBENCH_SETUP = `
CREATE TABLE bt (id int PRIMARY KEY, team_id int NOT NULL, stock int NOT NULL, sold int NOT NULL CHECK (sold <= stock));
INSERT INTO bt VALUES (1, 1, 100000000, 0);
CREATE TABLE br (id serial PRIMARY KEY, ticket_id int NOT NULL REFERENCES bt, quantity int NOT NULL, expires_at timestamptz NOT NULL);
CREATE INDEX ON br (ticket_id, expires_at);
CREATE TABLE bcu (id serial PRIMARY KEY, team_id int NOT NULL, email text NOT NULL, firstname text NOT NULL, lastname text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now());
CREATE UNIQUE INDEX ON bcu (team_id, lower(email));
CREATE TABLE bc (team_id int PRIMARY KEY, last_number int NOT NULL);
CREATE TABLE bo (id serial PRIMARY KEY, team_id int NOT NULL, number int NOT NULL, customer_id int REFERENCES bcu, email text NOT NULL,
  total int NOT NULL, status text NOT NULL, answers jsonb NOT NULL DEFAULT '{}', hold_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (team_id, number));
CREATE INDEX ON bo (team_id, id DESC);
CREATE INDEX ON bo (team_id, lower(email));
CREATE INDEX ON bo (hold_until) WHERE status = 'waiting';
CREATE TABLE bi (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES bo ON DELETE CASCADE, ticket_id int REFERENCES bt,
  name jsonb NOT NULL, quantity int NOT NULL CHECK (quantity > 0), total int NOT NULL, sort int NOT NULL);
CREATE INDEX ON bi (order_id, sort);
CREATE INDEX ON bi (ticket_id);
CREATE TABLE bp (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES bo ON DELETE CASCADE, item_id int NOT NULL REFERENCES bi,
  firstname text NOT NULL, lastname text NOT NULL, answers jsonb NOT NULL DEFAULT '{}', code text NOT NULL, sort int NOT NULL);
CREATE UNIQUE INDEX ON bp (code);
CREATE INDEX ON bp (order_id, sort);
CREATE TABLE be (id bigserial PRIMARY KEY, order_id int NOT NULL REFERENCES bo ON DELETE CASCADE, type text NOT NULL, actor text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON be (order_id);
CREATE TABLE bj (id serial PRIMARY KEY, type text NOT NULL, payload jsonb NOT NULL, status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(), attempts int NOT NULL DEFAULT 0);
CREATE INDEX ON bj (run_at) WHERE status = 'queued';
CREATE FUNCTION bb_take_seats(p_team_id int, p_ids int[], p_qty int[]) RETURNS int[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE taken int[];
BEGIN
  PERFORM 1 FROM bt WHERE team_id = p_team_id AND id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;
  WITH s AS (UPDATE bt SET sold = bt.sold + w.n FROM unnest(p_ids, p_qty) AS w(id, n)
      WHERE bt.team_id = p_team_id AND bt.id = w.id
        AND bt.sold + w.n + (SELECT coalesce(sum(r.quantity), 0)::int FROM br r WHERE r.ticket_id = bt.id AND r.expires_at > now()) <= bt.stock
      RETURNING bt.id)
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO taken FROM s;
  RETURN taken;
END $$;
CREATE FUNCTION bb_refused(detail text) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
BEGIN RAISE EXCEPTION USING ERRCODE = 'BK409', MESSAGE = detail; END $$;
`;
const PGBENCH_SCRIPT = `SELECT nextval('bo_id_seq') AS oid, nextval('bi_id_seq') AS iid, nextval('bp_id_seq') AS pid \\gset
WITH n AS (INSERT INTO bc (team_id, last_number) VALUES (1, 1) ON CONFLICT (team_id) DO UPDATE SET last_number = bc.last_number + 1 RETURNING last_number),
  c AS (INSERT INTO bcu (team_id, email, firstname, lastname) VALUES (1, 'buyer' || :oid || '@example.com', 'Bench', 'Buyer')
    ON CONFLICT (team_id, lower(email)) DO UPDATE SET updated_at = now() RETURNING id),
  o AS (INSERT INTO bo (id, team_id, number, customer_id, email, total, status)
    VALUES (:oid, 1, (SELECT last_number FROM n), (SELECT id FROM c), 'buyer' || :oid || '@example.com', 0, 'free') RETURNING number),
  i AS (INSERT INTO bi (id, order_id, ticket_id, name, quantity, total, sort) VALUES (:iid, :oid, 1, '{"de":"Stehplatz"}', 1, 0, 0)),
  p AS (INSERT INTO bp (id, order_id, item_id, firstname, lastname, code, sort)
    VALUES (:pid, :oid, :iid, 'Bench', 'Buyer', md5(random()::text || clock_timestamp()::text), 0)),
  e AS (INSERT INTO be (order_id, type, actor, data) VALUES (:oid, 'created', 'customer', '{"status":"free","total_minor":0}')),
  j AS (INSERT INTO bj (type, payload) VALUES ('order.mail', jsonb_build_object('orderId', :oid, 'occasion', 'placed'))),
  s AS (SELECT bb_take_seats(1, ARRAY[1], ARRAY[1]) AS ids),
  t AS (SELECT (SELECT ids FROM s) AS ticket_ids)
SELECT CASE WHEN cardinality(t.ticket_ids) = 1 THEN (SELECT number FROM o) ELSE bb_refused(t.ticket_ids::text) END FROM t;
`;

async function pgbenchTps(url: string, seconds: number, warmupSeconds: number): Promise<number> {
  const name = `bookla_bench_${randomBytes(6).toString('hex')}`;
  await createBenchDatabase(url, name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dir = await mkdtemp(join(tmpdir(), 'bookla-pgbench-'));
  try {
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    await client.query(PGBENCH_SETUP);
    await client.end();
    const script = join(dir, 'order.sql');
    await writeFile(script, PGBENCH_SCRIPT);
    const args = (t: number) => [
      '-n',
      '-c',
      String(CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(Math.max(1, Math.round(t))),
      '-f',
      script,
      target.toString(),
    ];
    if (warmupSeconds > 0) await run('pgbench', args(warmupSeconds), { maxBuffer: 1 << 20 });
    const { stdout } = await run('pgbench', args(seconds), { maxBuffer: 1 << 20 });
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await dropBenchDatabase(url, name).catch(() => {});
  }
}

function summary(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { mean, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

/** 500 buyers at once, each on its own connection; statuses and latencies. */
async function burst(baseUrl: string, teamId: string, ticketId: string): Promise<{ statuses: Map<number, number>; load: LoadResult }> {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: false, maxSockets: BURST });
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: BURST },
      (_, n) =>
        new Promise<void>((resolve) => {
          const body = orderBody(ticketId, 1_000_000 + n);
          const t0 = performance.now();
          const req = http.request(
            {
              host: target.hostname,
              port: target.port,
              method: 'POST',
              path: `/api/public/teams/${teamId}/orders`,
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                'x-forwarded-for': buyerIp(200_000 + n),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => {
                latencies.push(performance.now() - t0);
                statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
                resolve();
              });
            },
          );
          req.on('error', (err) => {
            errors++;
            firstError ??= err.message;
            resolve();
          });
          req.end(body);
        }),
    ),
  );
  agent.destroy();
  const durationMs = performance.now() - started;
  const requests = latencies.length;
  return {
    statuses,
    load: {
      requests,
      non2xx: requests - (statuses.get(201) ?? 0),
      errors,
      firstError,
      durationMs,
      requestsPerSecond: (requests * 1000) / durationMs,
      bytesPerSecond: 0,
      latencyMs: summary(latencies),
    },
  };
}

const statusText = (m: Map<number, number>) =>
  [...m.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(', ');

export default defineCustomBenchmark({
  name: 'checkout',
  description: `POST /api/public/teams/:id/orders: one hot ticket at ${CONNECTIONS} connections vs pgbench (same transaction shape); ${BURST} buyers for ${BURST_SEATS} seats`,
  goal: RATIO_GOAL,
  async run(settings: Settings): Promise<BenchmarkResult[]> {
    const url = process.env.DATABASE_URL?.trim();
    if (!url) {
      console.log('  checkout: skipped — needs PostgreSQL (DATABASE_URL): its baseline is pgbench on the same server');
      return [];
    }
    const server = await spawnServer('app', { seed: 'checkout', profileDir: settings.profileDir });
    const results: BenchmarkResult[] = [];
    try {
      const vars = server.vars!;
      const path = `/api/public/teams/${vars.teamId}/orders`;
      // Baseline first, so the app's tables are cold for neither (pgbench has its own database).
      const tps = await pgbenchTps(url, settings.seconds, settings.warmupSeconds);
      const hot = {
        url: server.url,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body: orderBody(vars.hotTicketId!, 0),
        connections: CONNECTIONS,
      };
      let n = 0;
      if (settings.warmupSeconds > 0)
        await runLoad({ ...hot, durationMs: settings.warmupSeconds * 1000, perRequest: () => ({ 'x-forwarded-for': buyerIp(n++) }) });
      const statuses = new Map<number, number>();
      const load = await runLoad({
        ...hot,
        durationMs: settings.seconds * 1000,
        statuses,
        perRequest: () => ({ 'x-forwarded-for': buyerIp(n++) }),
      });
      const baseline: SideResult = {
        server: 'pgbench',
        path: `-c ${CONNECTIONS} (same transaction shape)`,
        info: { database: 'postgres (DATABASE_URL)' },
        load: {
          requests: Math.round(tps * settings.seconds),
          non2xx: 0,
          errors: 0,
          durationMs: settings.seconds * 1000,
          requestsPerSecond: tps,
          bytesPerSecond: 0,
          latencyMs: { mean: (CONNECTIONS * 1000) / tps, p50: NaN, p95: NaN, p99: NaN, max: NaN },
        },
      };
      const ratio = load.requestsPerSecond / tps;
      const only201 = load.non2xx === 0 && load.errors === 0;
      results.push({
        name: 'checkout:hot-ticket',
        description: `orders/s on one ticket at ${CONNECTIONS} connections (answers: ${statusText(statuses)})`,
        goal: RATIO_GOAL,
        goalText: `≥ ${RATIO_GOAL} and ≥ ${ORDERS_PER_SECOND_GOAL} orders/s`,
        ratio,
        pass: only201 && ratio >= RATIO_GOAL && load.requestsPerSecond >= ORDERS_PER_SECOND_GOAL,
        baseline,
        subject: { server: 'app', path: `POST ${path}`, info: server.info, load },
        ...(only201
          ? {}
          : {
              error: `hot-ticket answers other than 201: ${statusText(statuses)}; ${load.errors} network errors (${load.firstError ?? ''})`,
            }),
      });

      const b = await burst(server.url, vars.teamId!, vars.burstTicketId!);
      const allowed = [...b.statuses.keys()].every((s) => s === 201 || s === 409 || s === 429);
      const sold = b.statuses.get(201) ?? 0;
      const p99 = b.load.latencyMs.p99;
      results.push({
        name: 'checkout:burst-500',
        description: `${BURST} buyers at once for ${BURST_SEATS} seats (answers: ${statusText(b.statuses)})`,
        goal: 0,
        goalText: `only 201/409/429, ${BURST_SEATS} orders, p99 ≤ ${BURST_P99_MS} ms`,
        pass: allowed && sold === BURST_SEATS && b.load.errors === 0 && p99 <= BURST_P99_MS,
        subject: { server: 'app', path: `POST ${path} ×${BURST}`, info: server.info, load: b.load },
        ...(allowed && sold <= BURST_SEATS
          ? {}
          : { error: `burst answered ${statusText(b.statuses)}: ${sold > BURST_SEATS ? 'OVERSOLD' : 'unexpected statuses'}` }),
      });
    } finally {
      await server.close();
    }
    return results;
  },
});
