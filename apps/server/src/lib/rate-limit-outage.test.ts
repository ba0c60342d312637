import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD } from '../test/factories.ts';
import { createRedisRateLimiter, type LimiterLog, type RateLimiter } from './rate-limit.ts';

/**
 * Redis outages (CONTRACT §7, decision 022): while Redis is away the shared limiter counts per
 * instance and answers within 250 ms — never a 5xx, never a hang — logs the outage once, and
 * counts in Redis again once it is back. Against a real redis-server these tests start and stop
 * on a free port (killed, and frozen with SIGSTOP), and against real sockets where nothing
 * listens or nothing answers; no mock of ioredis.
 */

const BUDGET_MS = 250;
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** PING over a plain socket: true when a Redis answers PONG. */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
    socket.on('connect', () => socket.write('PING\r\n'));
  });

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A redis-server of this test on `port`, without persistence. */
const servers = new Set<ChildProcess>();
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  servers.add(child);
  child.on('exit', () => servers.delete(child));
  await waitFor(`redis-server on ${port}`, () => pong(port));
  return child;
}
async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

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

/** The limiter's log lines, to count them, and their order ('warn': an outage began; 'info': it ended). */
function recordingLog(): LimiterLog & { warns: string[]; infos: string[]; events: ('warn' | 'info')[] } {
  const warns: string[] = [];
  const infos: string[] = [];
  const events: ('warn' | 'info')[] = [];
  return {
    warns,
    infos,
    events,
    warn: (_obj, msg) => void (warns.push(msg), events.push('warn')),
    info: (_obj, msg) => void (infos.push(msg), events.push('info')),
  };
}

/**
 * Logged once when an outage begins and once when it ends: warn, info, warn, … and nothing
 * twice in a row; `open` says whether an outage is going on now. On a machine loaded enough to
 * keep a running Redis from answering within the limiter's 150 ms, that is an outage too (the
 * limiter cannot tell them apart): it is logged the same way, so the tests count outages by
 * this rule instead of assuming that only the outages they make happen.
 */
function expectLoggedOncePerOutage(log: ReturnType<typeof recordingLog>, open: boolean) {
  expect(log.events.every((e, i) => e === (i % 2 === 0 ? 'warn' : 'info'))).toBe(true);
  expect(log.events.length % 2).toBe(open ? 1 : 0);
}

/** `fn`'s result and how long it took (wall clock: for the generous bounds on whole calls). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/**
 * Whether `call` settles within the budget in the event loop's time: a sentinel timer of
 * BUDGET_MS, started with the call, marks it late two check phases after it fires. On a machine
 * busy enough to starve this process for longer than the budget (CI runs the browser tests
 * beside these) every due timer fires together, and Node runs them in order of their due time,
 * so the limiter's own deadline (150 ms) still comes first and its answer settles before the
 * sentinel marks it late. A limiter that waited for Redis (the client's 2 s command timeout, or
 * for ever) is late whatever the machine's load; a wall-clock bound would also fail an honest
 * limiter when the machine was busy.
 */
function withinBudget<T>(call: () => Promise<T>): Promise<{ value: T; inTime: boolean }> {
  let late = false;
  const sentinel = setTimeout(() => setImmediate(() => setImmediate(() => (late = true))), BUDGET_MS);
  return call()
    .then((value) => ({ value, inTime: !late }))
    .finally(() => clearTimeout(sentinel));
}

const key = (tag: string) => `outage-${tag}-${Math.random().toString(36).slice(2)}`;
const counted = (inspect: Redis, k: string) => inspect.zcard(`bookla:rl:${k}`);

const limiters: RateLimiter[] = [];
afterEach(async () => {
  await Promise.all(limiters.splice(0).map((l) => l.close()));
});
afterAll(async () => {
  await Promise.all([...servers].map(stopRedis));
});

describe('the shared limiter where Redis never was', () => {
  it('answers from memory within the budget where nothing listens', async () => {
    const log = recordingLog();
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${await freePort()}`, { log });
    limiters.push(limiter);
    const k = key('nothing');
    for (let i = 0; i < 4; i++) {
      const { value, inTime } = await withinBudget(() => limiter.hit(k, 3, 60_000));
      expect(inTime).toBe(true);
      expect(value.allowed).toBe(i < 3);
    }
    expect(await limiter.health!()).toBe('degraded');
    expect(log.warns).toHaveLength(1);
  });

  it('answers from memory within the budget when a server accepts and never answers', async () => {
    const silent = await silentServer();
    try {
      const log = recordingLog();
      const limiter = createRedisRateLimiter(`redis://127.0.0.1:${silent.port}`, { log });
      limiters.push(limiter);
      const k = key('silent');
      const results = [];
      for (let i = 0; i < 4; i++) {
        const { value, inTime } = await withinBudget(() => limiter.hit(k, 3, 60_000));
        expect(inTime).toBe(true);
        results.push(value.allowed);
      }
      expect(results).toEqual([true, true, true, false]);
      // Parallel calls too: none waits longer than the budget.
      const parallel = await Promise.all(Array.from({ length: 20 }, () => withinBudget(() => limiter.peek(k, 3, 60_000))));
      expect(parallel.every((p) => p.inTime)).toBe(true);
      expect(await limiter.health!()).toBe('degraded');
      expect(log.warns).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });
});

describe.skipIf(!hasRedis)('the shared limiter when a real Redis goes away and comes back', () => {
  let port = 0;
  let server: ChildProcess;
  let inspect: Redis;
  beforeAll(async () => {
    port = await freePort();
    server = await startRedis(port);
    inspect = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => 100 });
    inspect.on('error', () => {});
  });
  afterAll(async () => {
    inspect.disconnect();
    await stopRedis(server);
  });
  /** Redis answers again (started anew after a test stopped it). */
  const up = async () => {
    if (!(await pong(port))) server = await startRedis(port);
  };

  /**
   * Hits on fresh keys until one is counted in Redis (its token is Redis's, not memory's): on a
   * loaded machine a single hit may find Redis too slow and count in memory, as it should.
   */
  const hitCountedInRedis = async (limiter: RateLimiter, tag: string) => {
    let found: { key: string; token: string } | undefined;
    await waitFor('a hit counted in Redis', async () => {
      const k = key(tag);
      const r = await limiter.hit(k, 100, 60_000);
      if (!r.token!.startsWith('m:')) found = { key: k, token: r.token! };
      return found !== undefined;
    });
    return found!;
  };
  /** Refunds `token` until Redis took it back (a refund that finds Redis too slow does nothing). */
  const refundedInRedis = (limiter: RateLimiter, hit: { key: string; token: string }) =>
    waitFor('the refund to reach Redis', async () => {
      await limiter.refund(hit.key, hit.token);
      return (await counted(inspect, hit.key)) === 0;
    });

  it('counts in Redis; killed: in memory within the budget, logged once; back: in Redis again', async () => {
    await up();
    const log = recordingLog();
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, { log, retryMs: 500 });
    limiters.push(limiter);
    const before = await hitCountedInRedis(limiter, 'before');
    expect(await counted(inspect, before.key)).toBe(1);
    await waitFor('the limiter to see Redis', async () => (await limiter.health!()) === 'ok');
    expectLoggedOncePerOutage(log, false);

    await stopRedis(server);
    const during = key('during');
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await withinBudget(() => limiter.hit(during, 5, 60_000)));
    expect(answers.every((a) => a.inTime)).toBe(true);
    // Still limited, per instance: 5 allowed, then refused with a Retry-After.
    expect(answers.map((a) => a.value.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(answers.every((a) => a.value.token === undefined || a.value.token.startsWith('m:'))).toBe(true);
    expect(answers[7]!.value.retryAfter).toBeGreaterThan(0);
    // An attempt counted in memory is refunded there.
    await limiter.refund(during, answers[0]!.value.token!);
    expect((await limiter.hit(during, 5, 60_000)).allowed).toBe(true);
    expect(await limiter.health!()).toBe('degraded');
    expectLoggedOncePerOutage(log, true);
    const outagesBefore = log.warns.length;

    server = await startRedis(port);
    await waitFor('the limiter to see Redis again', async () => (await limiter.health!()) === 'ok');
    expect(log.infos.length).toBe(outagesBefore);
    const back = await hitCountedInRedis(limiter, 'after');
    expect(await counted(inspect, back.key)).toBe(1);
    await refundedInRedis(limiter, back);
    await waitFor('the limiter to see Redis', async () => (await limiter.health!()) === 'ok');
    expectLoggedOncePerOutage(log, false);
  });

  it('frozen (SIGSTOP): answers within the budget from memory; thawed: back on Redis after the retry time', async () => {
    await up();
    const log = recordingLog();
    // The retry time runs on a clock the test moves: nothing waits for it to pass.
    let moved = 0;
    const retryMs = 300;
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, { log, retryMs, now: () => Date.now() + moved });
    limiters.push(limiter);
    const k = (await hitCountedInRedis(limiter, 'frozen')).key;
    server.kill('SIGSTOP');
    try {
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push(await withinBudget(() => limiter.hit(k, 100, 60_000)));
      expect(answers.every((a) => a.inTime)).toBe(true);
      expect(answers.every((a) => a.value.allowed && a.value.token!.startsWith('m:'))).toBe(true);
      // Past the retry time one call asks Redis again (frozen: no answer), and still answers within the budget.
      moved += retryMs + 1;
      const probe = await withinBudget(() => limiter.hit(k, 100, 60_000));
      expect(probe.inTime).toBe(true);
      expect(probe.value.token!.startsWith('m:')).toBe(true);
      expectLoggedOncePerOutage(log, true);
    } finally {
      server.kill('SIGCONT');
    }
    // Each look moves the clock past the retry time, so the limiter asks Redis.
    await waitFor('the limiter to see Redis again', async () => {
      moved += retryMs + 1;
      return (await limiter.health!()) === 'ok';
    });
    expectLoggedOncePerOutage(log, false);
    const again = await hitCountedInRedis(limiter, 'thawed');
    expect(await counted(inspect, again.key)).toBe(1);
  });

  describe('logins and public selling calls through the app', () => {
    let t: TestApp;
    let log: ReturnType<typeof recordingLog>;
    /**
     * Whether each of the app's limiter calls settled within the budget: the 250 ms budget is the
     * limiter's. A whole login also verifies an argon2id hash, whose time is the machine's, not Redis's.
     */
    let limiterInTime: boolean[] = [];
    beforeAll(async () => {
      await up();
      log = recordingLog();
      const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, { log, retryMs: 500 });
      const timedCall =
        <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const { value, inTime } = await withinBudget(() => call(...args));
          limiterInTime.push(inTime);
          return value;
        };
      limiter.hit = timedCall(limiter.hit.bind(limiter));
      limiter.peek = timedCall(limiter.peek.bind(limiter));
      limiter.refund = timedCall(limiter.refund.bind(limiter));
      t = await buildTestApp({ limiter });
    });
    afterAll(() => t.close());

    /** One login call, timed on its own (the session and XSRF cookie are fetched first). */
    const login = async (email: string, password: string) => {
      const client = new TestClient(t.app, { 'accept-language': 'en' });
      await client.csrf();
      return timed(() => client.post('/api/srl/login', { email, password }));
    };
    const publicOrder = () => timed(() => t.app.inject('/api/public/orders/00000000-0000-4000-8000-000000000000?token=nope'));

    it('answer with their usual statuses within the budget while Redis is down, limits counting per instance', async () => {
      await up();
      const { user } = await createUserWithTeam(t.app.deps.db);
      const usual = (await publicOrder()).value.statusCode;
      expect(usual).toBeLessThan(500);
      // Failed logins are counted in Redis (a loaded machine may count one in memory; the
      // successful login below clears both).
      await waitFor('a failed login counted in Redis', async () => {
        expect((await login(user.email, 'wrong-password')).value.statusCode).toBe(422);
        return (await inspect.keys('bookla:rl:loginFailuresPerAccount:*')).length > 0;
      });
      await waitFor('the app to see Redis', async () => (await t.app.deps.limiter.health!()) === 'ok');
      expectLoggedOncePerOutage(log, false);

      await stopRedis(server);
      limiterInTime = [];
      const ok = await login(user.email, DEFAULT_PASSWORD);
      expect(ok.value.statusCode).toBe(200);
      const failures = [];
      for (let i = 0; i < 11; i++) failures.push(await login(user.email, `wrong-${i}`));
      // Every limiter call within the budget; whole calls far from the old 10–15 s hang.
      expect(limiterInTime.length).toBeGreaterThan(11);
      expect(limiterInTime.every(Boolean)).toBe(true);
      expect(Math.max(ok.ms, ...failures.map((f) => f.ms))).toBeLessThan(5_000);
      // Ten failures per account in memory (the one counted in Redis before is not seen here), then 429.
      expect(failures.map((f) => f.value.statusCode)).toEqual([...Array<number>(10).fill(422), 429]);
      expect(Number(failures[10]!.value.headers['retry-after'])).toBeGreaterThan(0);
      limiterInTime = [];
      const order = await publicOrder();
      expect(order.value.statusCode).toBe(usual);
      expect(limiterInTime.length).toBeGreaterThan(0);
      expect(limiterInTime.every(Boolean)).toBe(true);
      expect(order.ms).toBeLessThan(5_000);
      expectLoggedOncePerOutage(log, true);

      server = await startRedis(port);
      await waitFor('the app to see Redis again', async () => (await t.app.deps.limiter.health!()) === 'ok');
      const other = await createUserWithTeam(t.app.deps.db);
      let tries = 0;
      let keys: string[] = [];
      await waitFor('a failed login counted in Redis again', async () => {
        tries++;
        expect((await login(other.user.email, 'wrong-password')).value.statusCode).toBe(422);
        keys = await inspect.keys(`bookla:rl:loginFailuresPerAccount:${other.user.email.toLowerCase()}*`);
        return keys.length > 0;
      });
      expect(keys).toHaveLength(1);
      // Each try counted once, in Redis or (when Redis was too slow for it) in memory.
      const inRedis = await inspect.zcard(keys[0]!);
      expect(inRedis).toBeGreaterThanOrEqual(1);
      expect(inRedis).toBeLessThanOrEqual(tries);
    });

    it('GET /api/ready says redis ok or degraded, and 200 either way', async () => {
      await up();
      t.app.deps.jobs.start(60_000);
      try {
        await waitFor('Redis', async () => (await t.app.deps.limiter.health!()) === 'ok');
        const ok = await t.app.inject('/api/ready');
        expect(ok.statusCode).toBe(200);
        expect(ok.json().checks.redis).toBe('ok');
        await stopRedis(server);
        const degraded = await timed(() => t.app.inject('/api/ready'));
        expect(degraded.value.statusCode).toBe(200);
        expect(degraded.value.json()).toMatchObject({ status: 'ok', checks: { redis: 'degraded', database: 'ok' } });
        // Far from the client's 2 s command timeout and the old 10–15 s hang, also on a busy machine.
        expect(degraded.ms).toBeLessThan(5_000);
      } finally {
        await t.app.deps.jobs.stop();
      }
    });
  });
});
