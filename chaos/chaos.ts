/**
 * Faults on the reference deployment (issue 23 item 4, CONTRACT §7): `npm run test:chaos`.
 *
 * Starts deploy/up.sh (HAProxy → 3 instances → PgBouncer in transaction mode → PostgreSQL; its own
 * Redis; the S3-protocol server) with a real SMTP server of this process, then 500 buyers try to
 * book 100 seats through the balancer while the database's connections are terminated, one
 * instance is killed with SIGKILL, Redis is stopped for 20 s and SMTP for 60 s. Buyers behave as
 * the shop does: an order carries an Idempotency-Key and is sent again with the same key when its
 * reply is lost (a tenth of them lose their first reply on purpose: the request is sent, the
 * connection dropped before the answer). Afterwards:
 *   - 0 oversold: the ticket's `sold` equals the seats of its orders and is at most 100;
 *   - every 201 a buyer saw has its order, and every order its buyer's 201 (first or replayed);
 *     no buyer has two orders;
 *   - every confirmation mail arrived exactly once;
 *   - no instance exited but the killed one, and every survivor answers /api/ready;
 *   - an export started on one instance is polled on another and downloaded through a third.
 * Then the CONTROL: the same buyers' retries without an Idempotency-Key on a fresh ticket must
 * show the harm (a buyer with two orders), proving the checks see it.
 *
 * Bounded: about 2.5 minutes. Exit code 0 only when every check holds and the control fails as
 * it should. Logs of everything started: the run folder printed at the start.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { startSmtp as startSmtpServer, type ReceivedMail } from '../apps/server/src/test/smtp.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PG_ADMIN = process.env.CHAOS_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUYERS = 500;
const SEATS = 100;
const LOAD_SECONDS = 30;
const REDIS_DOWN_MS = 20_000;
const SMTP_DOWN_MS = 60_000;
const LOST_REPLY_SHARE = 0.1;

const started = Date.now();
const log = (msg: string) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// ------------------------------------------------------------------ SMTP, stoppable

const mails: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let smtpPort = 0;

/** The run's SMTP server; stopping it refuses new connections at once, restarting keeps the list. */
async function startSmtp(port = 0): Promise<number> {
  smtp = await startSmtpServer(port, mails);
  return smtp.port;
}
async function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = undefined;
  await server?.close();
}
const lastMailAt = () => Math.max(0, ...mails.map((m) => m.at));

// ------------------------------------------------------------------ the deployment

const RUN = mkdtempSync(join(tmpdir(), 'bookla-chaos-'));
const DB = `bookla_chaos_${randomBytes(4).toString('hex')}`;
let deployEnv: Record<string, string> = {};

function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z_0-9]+)=(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const pidOf = (name: string): number | undefined => {
  const file = join(RUN, 'pids', `${name}.pid`);
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
};
const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function up(): void {
  log(`deploy/up.sh (run folder ${RUN}, database ${DB})`);
  const res = spawnSync('bash', [join(ROOT, 'deploy/up.sh')], {
    env: {
      ...process.env,
      BOOKLA_DEPLOY_RUN: RUN,
      BOOKLA_DEPLOY_DB: DB,
      INSTANCES: '3',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'shop@chaos.example',
    },
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (res.status !== 0) throw new Error(`deploy/up.sh failed (${res.status ?? res.signal})`);
  deployEnv = readEnvFile(join(RUN, 'deploy.env'));
}

function down(): void {
  spawnSync('bash', [join(ROOT, 'deploy/down.sh'), '--purge'], {
    env: { ...process.env, BOOKLA_DEPLOY_RUN: RUN, BOOKLA_DEPLOY_DB: DB },
    stdio: 'inherit',
    timeout: 60_000,
  });
  rmSync(RUN, { recursive: true, force: true });
}

const dbUrl = () => {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${DB}`;
  return url.toString();
};
async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------------ HTTP

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request; `dropReply`: the request is sent whole, then the connection closed before the answer. */
function send(port: number, method: string, path: string, body?: string, headers: Record<string, string> = {}, dropReply = false) {
  return new Promise<Answer | 'lost'>((resolveAnswer) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        timeout: 20_000,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveAnswer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
        res.on('error', () => resolveAnswer('lost'));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolveAnswer('lost'));
    req.end(body, () => {
      // The whole request is out: the server will act on it, but its answer never arrives here.
      if (dropReply) setTimeout(() => req.destroy(new Error('reply dropped on purpose')), 1);
    });
  });
}

// ------------------------------------------------------------------ buyers

interface Buyer {
  n: number;
  email: string;
  key: string;
  attempts: number;
  lostOnPurpose: boolean;
  /** The 201 this buyer finally saw (its order's public id), or why it ended without one. */
  orderPublicId?: string;
  outcome?: 'ordered' | 'sold-out' | 'gave-up';
  lastStatus?: number | 'lost';
}

/** Every answer a buyer got (not the replies dropped on purpose), and when each fault began. */
const answers: { at: number; status: number | 'lost' }[] = [];
const faultsAt: { name: string; at: number; endedAt?: number }[] = [];
let smtpBackAt = 0;

const buyerIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function orderBody(ticketId: number, buyer: Buyer): string {
  return JSON.stringify({
    items: [{ ticket_id: ticketId, quantity: 1 }],
    customer: { firstname: 'Chaos', lastname: `Buyer ${buyer.n}`, email: buyer.email },
    participants: [{ ticket_id: ticketId, firstname: 'Chaos', lastname: `Buyer ${buyer.n}`, answers: {} }],
    answers: {},
    payment_method: 'free',
    language: 'de',
    accept_terms: true,
  });
}

/** A buyer as the shop behaves: retries what got no answer or a 5xx (same key unless `withoutKey`). */
async function buy(lb: number, teamId: number, ticketId: number, buyer: Buyer, withoutKey: boolean): Promise<void> {
  const body = orderBody(ticketId, buyer);
  const deadline = Date.now() + 150_000;
  for (;;) {
    buyer.attempts++;
    const headers: Record<string, string> = { 'x-forwarded-for': buyerIp(buyer.n), 'accept-language': 'de' };
    if (!withoutKey) headers['idempotency-key'] = buyer.key;
    const onPurpose = buyer.attempts === 1 && buyer.lostOnPurpose;
    const answer = await send(lb, 'POST', `/api/public/teams/${teamId}/orders`, body, headers, onPurpose);
    buyer.lastStatus = answer === 'lost' ? 'lost' : answer.status;
    if (!onPurpose) answers.push({ at: Date.now(), status: buyer.lastStatus });
    if (answer !== 'lost' && answer.status === 201) {
      buyer.orderPublicId = (JSON.parse(answer.body) as { order: { id: string } }).order.id;
      buyer.outcome = 'ordered';
      return;
    }
    if (answer !== 'lost' && answer.status === 409 && !answer.body.includes('IDEMPOTENCY')) {
      buyer.outcome = 'sold-out';
      return;
    }
    if (answer !== 'lost' && answer.status >= 400 && answer.status < 500 && ![409, 419, 429].includes(answer.status)) {
      buyer.outcome = 'gave-up';
      log(`buyer ${buyer.n}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return;
    }
    if (Date.now() > deadline) {
      buyer.outcome = 'gave-up';
      return;
    }
    await sleep(250 + Math.random() * 750);
  }
}

async function runBuyers(lb: number, teamId: number, ticketId: number, count: number, seconds: number, withoutKey: boolean, first = 0) {
  const buyers: Buyer[] = Array.from({ length: count }, (_, i) => ({
    n: first + i,
    email: `chaos-buyer-${first + i}@example.com`,
    key: randomUUID(),
    attempts: 0,
    lostOnPurpose: Math.random() < LOST_REPLY_SHARE,
  }));
  // Spread over the load's seconds, so the faults fall in the middle of it.
  await Promise.all(buyers.map(async (b, i) => (await sleep((i / count) * seconds * 1000), buy(lb, teamId, ticketId, b, withoutKey))));
  return buyers;
}

// ------------------------------------------------------------------ a staff client (cookies + CSRF)

class Staff {
  private cookies = new Map<string, string>();
  constructor(public port: number) {}
  private absorb(headers: http.IncomingHttpHeaders) {
    for (const c of headers['set-cookie'] ?? []) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/sanctum/csrf-cookie');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      accept: 'application/json',
    };
    if (method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    const answer = await send(this.port, method, path, body === undefined ? undefined : JSON.stringify(body), headers);
    if (answer === 'lost') throw new Error(`${method} ${path}: no answer`);
    this.absorb(answer.headers);
    return answer;
  }
  /** The same session on another instance (the cookies are the session). */
  on(port: number): Staff {
    const other = new Staff(port);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }
}

// ------------------------------------------------------------------ the run

async function seedTeam(name: string, stock: number): Promise<{ teamId: number; ticketId: number; ownerEmail: string }> {
  const ownerEmail = `owner-${name}@chaos.example`;
  const hash = await hashPassword('chaos-password-123');
  const [user] = await query<{ id: number }>(
    `INSERT INTO users (email, firstname, lastname, salutation, password_hash, language, email_verified_at)
     VALUES ($1, 'Olga', 'Owner', 'mrs', $2, 'de', now()) RETURNING id`,
    [ownerEmail, hash],
  );
  const [team] = await query<{ id: number }>(
    `INSERT INTO teams (name, owner_id, phone_prefix, phone_number, currency, languages, time_zone, billing_address,
       billing_city, billing_postal_code, billing_country)
     VALUES ($1, $2, '+41', '441234567', 'CHF', '["de","en"]', 'Europe/Zurich', 'Weg 1', 'Zürich', '8001', 'CH') RETURNING id`,
    [`Chaos ${name}`, user!.id],
  );
  await query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [team!.id, user!.id]);
  await query(`UPDATE users SET current_team_id = $1 WHERE id = $2`, [team!.id, user!.id]);
  const [set] = await query<{ id: number }>(
    `INSERT INTO type_sets (team_id, kind, name) VALUES ($1, 'event', '{"de":"Event"}') RETURNING id`,
    [team!.id],
  );
  const [activity] = await query<{ id: number }>(
    `INSERT INTO activities (team_id, type_set_id, kind, status, name, published_at)
     VALUES ($1, $2, 'event', 'published', '{"de":"Konzert","en":"Concert"}', now()) RETURNING id`,
    [team!.id, set!.id],
  );
  await query(
    `INSERT INTO activity_sessions (team_id, activity_id, starts_at, ends_at)
     VALUES ($1, $2, now() + interval '30 days', now() + interval '30 days 2 hours')`,
    [team!.id, activity!.id],
  );
  const [ticket] = await query<{ id: number }>(
    `INSERT INTO tickets (team_id, activity_id, name, price_minor, currency, stock, max_per_order)
     VALUES ($1, $2, '{"de":"Sitzplatz"}', 0, 'CHF', $3, 10) RETURNING id`,
    [team!.id, activity!.id, stock],
  );
  return { teamId: team!.id, ticketId: ticket!.id, ownerEmail };
}

async function faults(): Promise<void> {
  const redisPid = pidOf('redis');
  await sleep(3_000);
  const [terminated] = await query<{ n: string }>(
    `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [DB],
  );
  log(`fault: terminated ${terminated!.n} database connections`);
  faultsAt.push({ name: 'database connections terminated', at: Date.now() });
  await sleep(2_000);
  await stopSmtp();
  log(`fault: SMTP stopped for ${SMTP_DOWN_MS / 1000} s`);
  const smtpFault = { name: 'SMTP stopped', at: Date.now() } as { name: string; at: number; endedAt?: number };
  faultsAt.push(smtpFault);
  const smtpBack = sleep(SMTP_DOWN_MS).then(async () => {
    await startSmtp(smtpPort);
    smtpBackAt = smtpFault.endedAt = Date.now();
    log('SMTP back');
  });
  await sleep(1_000);
  const victim = pidOf('instance-2');
  process.kill(victim!, 'SIGKILL');
  log(`fault: instance 2 (pid ${victim}) killed with SIGKILL`);
  faultsAt.push({ name: 'instance 2 killed', at: Date.now() });
  await sleep(3_000);
  if (redisPid) process.kill(redisPid, 'SIGKILL');
  log(`fault: Redis stopped for ${REDIS_DOWN_MS / 1000} s`);
  const redisFault = { name: 'Redis stopped', at: Date.now() } as { name: string; at: number; endedAt?: number };
  faultsAt.push(redisFault);
  await sleep(REDIS_DOWN_MS);
  execFileSync('redis-server', [
    '--bind',
    '127.0.0.1',
    '--port',
    deployEnv.REDIS_PORT!,
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    join(RUN, 'pids', 'redis.pid'),
    '--logfile',
    join(RUN, 'logs', 'redis-restarted.log'),
  ]);
  redisFault.endedAt = Date.now();
  log('Redis back');
  await smtpBack;
}

async function exportAcrossInstances(ports: number[]): Promise<void> {
  const team = await seedTeam('export', 10);
  // An export runs as a job above 2,000 rows: the team gets 2,100 orders (one placed, then copied).
  const one = await send(
    Number(deployEnv.LB_PORT),
    'POST',
    `/api/public/teams/${team.teamId}/orders`,
    orderBody(team.ticketId, { n: 999_999, email: 'export-buyer@example.com', key: randomUUID(), attempts: 0, lostOnPurpose: false }),
    { 'x-forwarded-for': '10.99.0.1' },
  );
  if (one === 'lost' || one.status !== 201) throw new Error(`export seed order failed: ${one === 'lost' ? 'lost' : one.body}`);
  await query(
    `INSERT INTO orders SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('orders', 'id')), 'number', o.number + g, 'public_id', gen_random_uuid()))).*
     FROM orders o, generate_series(1, 2100) g WHERE o.team_id = $1`,
    [team.teamId],
  );
  const [a, b, c] = ports as [number, number, number];
  const staff = new Staff(a);
  const login = await staff.request('POST', '/api/srl/login', { email: team.ownerEmail, password: 'chaos-password-123' });
  if (login.status !== 200) throw new Error(`owner login failed: ${login.status} ${login.body}`);
  const started = await staff.request('POST', '/api/exports', { type: 'orders', format: 'csv' });
  check(started.status === 202, `an export of 2,101 orders runs as a job (started on instance port ${a}: ${started.status})`);
  const id = (JSON.parse(started.body) as { data: { id: number } }).data.id;
  const deadline = Date.now() + 60_000;
  let status = '';
  while (Date.now() < deadline) {
    const polled = await staff.on(b).request('GET', `/api/exports/${id}`);
    status = (JSON.parse(polled.body) as { data: { status: string } }).data.status;
    if (status === 'done' || status === 'failed') break;
    await sleep(500);
  }
  check(status === 'done', `the export finished, polled on another instance (port ${b}): ${status}`);
  const file = await staff.on(c).request('GET', `/api/exports/${id}/download`);
  const lines = file.body.trim().split('\n').length;
  check(file.status === 200 && lines >= 2101, `downloaded through a third instance (port ${c}): ${file.status}, ${lines} lines`);
}

async function main(): Promise<void> {
  smtpPort = await startSmtp();
  log(`SMTP on ${smtpPort}`);
  up();
  const lb = Number(deployEnv.LB_PORT);
  const ports = deployEnv.INSTANCE_PORTS!.split(' ').map(Number);
  const pids = [1, 2, 3].map((i) => pidOf(`instance-${i}`));
  const shop = await seedTeam('shop', SEATS);
  const control = await seedTeam('control', SEATS);

  log(`${BUYERS} buyers for ${SEATS} seats over ${LOAD_SECONDS} s through HAProxy :${lb}, with faults`);
  const [buyers] = await Promise.all([runBuyers(lb, shop.teamId, shop.ticketId, BUYERS, LOAD_SECONDS, false), faults()]);

  // ----- the checks
  const ordered = buyers.filter((b) => b.outcome === 'ordered');
  const counts = (outcome: Buyer['outcome']) => buyers.filter((b) => b.outcome === outcome).length;
  log(
    `buyers: ${ordered.length} ordered, ${counts('sold-out')} sold out, ${counts('gave-up')} gave up; ` +
      `${buyers.filter((b) => b.attempts > 1).length} sent again (${buyers.reduce((n, b) => n + b.attempts, 0)} requests), ` +
      `${buyers.filter((b) => b.lostOnPurpose).length} lost their first reply on purpose`,
  );
  // What each fault cost the buyers: failed answers (5xx, none) in the 10 s after it, and when the last one came.
  for (const fault of faultsAt) {
    const window = answers.filter((a) => a.at >= fault.at && a.at < (fault.endedAt ?? fault.at) + 10_000);
    const failed = window.filter((a) => a.status === 'lost' || (typeof a.status === 'number' && a.status >= 500));
    const last = failed.length ? `, the last ${((Math.max(...failed.map((a) => a.at)) - fault.at) / 1000).toFixed(1)} s after it` : '';
    const slowest = window.length ? '' : ' (no answers in that window)';
    log(`recovery: ${fault.name}: ${failed.length} of ${window.length} answers failed${last}${slowest}`);
  }
  const [ticket] = await query<{ sold: number }>('SELECT sold FROM tickets WHERE id = $1', [shop.ticketId]);
  const orderRows = await query<{ public_id: string; email: string; seats: number }>(
    `SELECT o.public_id::text, o.email, (SELECT count(*)::int FROM order_participants p WHERE p.order_id = o.id) AS seats
     FROM orders o WHERE o.team_id = $1`,
    [shop.teamId],
  );
  const seats = orderRows.reduce((n, o) => n + o.seats, 0);
  check(
    ticket!.sold <= SEATS && ticket!.sold === seats,
    `0 oversold: sold ${ticket!.sold} of ${SEATS}, ${seats} seats in ${orderRows.length} orders`,
  );
  const byEmail = new Map<string, string[]>();
  for (const o of orderRows) byEmail.set(o.email, [...(byEmail.get(o.email) ?? []), o.public_id]);
  const doubles = [...byEmail].filter(([, ids]) => ids.length > 1);
  check(doubles.length === 0, `no buyer has two orders (${doubles.length} have)`);
  const seen = new Set(ordered.map((b) => b.orderPublicId));
  const missing = ordered.filter((b) => !orderRows.some((o) => o.public_id === b.orderPublicId));
  check(missing.length === 0, `every 201 a buyer saw has its order (${missing.length} without)`);
  const unanswered = orderRows.filter((o) => !seen.has(o.public_id));
  check(unanswered.length === 0, `every order reached its buyer as a 201, first or replayed (${unanswered.length} did not)`);
  check(counts('gave-up') === 0, `every buyer got an answer: an order or sold out (${counts('gave-up')} gave up)`);

  // Mails: each order's confirmation exactly once (SMTP was down for a minute: the jobs retry).
  const mailDeadline = Date.now() + 120_000;
  const mailsTo = (email: string) => mails.filter((m) => m.to.map((a) => a.toLowerCase()).includes(email));
  while (Date.now() < mailDeadline && orderRows.some((o) => mailsTo(o.email).length === 0)) await sleep(1000);
  await sleep(3000); // a duplicate would come right after the first
  const mailCounts = orderRows.map((o) => mailsTo(o.email).length);
  log(
    `recovery: SMTP: the last confirmation mail arrived ${((lastMailAt() - smtpBackAt) / 1000).toFixed(1)} s after SMTP came back (job retries back off 30 s, 1 min, …)`,
  );
  check(
    mailCounts.every((n) => n === 1),
    `every order's confirmation arrived exactly once (${mailCounts.filter((n) => n === 0).length} none, ${mailCounts.filter((n) => n > 1).length} more than once)`,
  );

  // Instances: only the killed one is gone, the others are ready.
  check(alive(pids[0]) && !alive(pids[1]) && alive(pids[2]), 'no instance exited but the killed one');
  for (const port of [ports[0]!, ports[2]!]) {
    const ready = await send(port, 'GET', '/api/ready');
    check(ready !== 'lost' && ready.status === 200, `instance :${port} is ready after the faults`);
  }

  // Instance 2 is dead: started on 1, polled on 3, downloaded through the balancer.
  await exportAcrossInstances([ports[0]!, ports[2]!, lb]);

  // ----- the control: retries without the key, replies lost on purpose, on a fresh ticket.
  log('CONTROL: 150 buyers whose retries carry no Idempotency-Key');
  const controlBuyers = await runBuyers(lb, control.teamId, control.ticketId, 150, 5, true, 10_000);
  const controlOrders = await query<{ email: string; n: number }>(
    'SELECT email, count(*)::int AS n FROM orders WHERE team_id = $1 GROUP BY email HAVING count(*) > 1',
    [control.teamId],
  );
  const lost = controlBuyers.filter((b) => b.lostOnPurpose).length;
  log(`CONTROL: ${controlOrders.length} buyers got two orders (${lost} lost their first reply)`);
  check(controlOrders.length > 0, 'CONTROL: without the key, buyers whose reply was lost got a second order (the harness sees the harm)');
}

let code = 0;
try {
  await main();
  code = failures.length ? 1 : 0;
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await stopSmtp();
  if (process.env.CHAOS_KEEP !== '1') down();
  else log(`kept running (CHAOS_KEEP=1): bash deploy/down.sh with BOOKLA_DEPLOY_RUN=${RUN}`);
}
log(failures.length ? `FAILED: ${failures.join('; ')}` : code === 0 ? 'all checks hold' : 'FAILED');
process.exit(code);
