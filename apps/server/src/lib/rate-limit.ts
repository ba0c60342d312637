import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Sliding-window rate limiting (CONTRACT §2). In-process by default; shared through Redis
 * when REDIS_URL is set, so the limits hold across instances — and per instance again, within
 * a fraction of a second, while Redis is away (`createRedisRateLimiter`, CONTRACT §7).
 *
 * `hit` counts an attempt and says, in the same atomic step, whether it is within the limit, so
 * parallel requests cannot all pass a check before any of them is counted. Limits that count only
 * failures (failed logins) hit *before* the work and `refund` the attempt when it succeeds.
 * `peek` only looks.
 */
export interface LimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the oldest counted attempt leaves the window. */
  retryAfter: number;
  /** Names the attempt `hit` recorded (only when allowed), for `refund`. */
  token?: string;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  peek(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  /** Removes exactly the attempt a `hit` recorded (its `token`); other attempts stay counted. */
  refund(key: string, token: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  /** Shared limiters only: whether Redis answers (`degraded`: counting per instance). GET /api/ready reports it. */
  health?(): Promise<'ok' | 'degraded'>;
}

function result(count: number, limit: number, oldest: number | undefined, windowMs: number, now: number): LimitResult {
  const allowed = count <= limit;
  const retryAfter = oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  return { allowed, remaining: Math.max(0, limit - count), retryAfter: allowed ? 0 : retryAfter };
}

export interface MemoryLimiterOptions {
  /** Most keys kept; past it the least recently used key is dropped. */
  maxKeys?: number;
}

export interface MemoryRateLimiter extends RateLimiter {
  /** Drops every key whose window has passed (runs every minute by itself). */
  sweep(): void;
  /** Keys held, for tests and metrics. */
  size(): number;
}

/**
 * Keys are partly attacker-chosen (e-mail addresses, IPs), so memory is bounded twice: a key is
 * dropped once its own window has passed, and the map holds at most `maxKeys` keys, evicting the
 * least recently used (a Map iterates in insertion order; every use re-inserts the key). Evicting
 * forgets that key's attempts; with 100k keys that takes far more requests than the per-IP limits
 * let one client make in a window.
 */
export function createMemoryRateLimiter(now: () => number = Date.now, opts: MemoryLimiterOptions = {}): MemoryRateLimiter {
  const maxKeys = opts.maxKeys ?? 100_000;
  const log = new Map<string, { windowMs: number; hits: { at: number; id: number }[] }>();
  let seq = 0;
  /** The key's live attempts, marked as just used; undefined when it has none. */
  const use = (key: string, windowMs: number) => {
    const entry = log.get(key);
    if (!entry) return undefined;
    log.delete(key);
    const t = now();
    entry.windowMs = windowMs;
    entry.hits = entry.hits.filter((h) => h.at > t - windowMs);
    if (!entry.hits.length) return undefined;
    log.set(key, entry);
    return entry;
  };
  const sweep = () => {
    const t = now();
    for (const [k, e] of log) if (!e.hits.length || e.hits[e.hits.length - 1]!.at <= t - e.windowMs) log.delete(k);
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    async hit(key, limit, windowMs) {
      const entry = use(key, windowMs) ?? { windowMs, hits: [] };
      const t = now();
      // Attempts past the limit are not recorded, so a blocked client is free once the window passes.
      if (entry.hits.length < limit) {
        const id = ++seq;
        entry.hits.push({ at: t, id });
        log.set(key, entry);
        while (log.size > maxKeys) log.delete(log.keys().next().value!);
        return { ...result(entry.hits.length, limit, entry.hits[0]!.at, windowMs, t), token: String(id) };
      }
      return result(entry.hits.length + 1, limit, entry.hits[0]?.at, windowMs, t);
    },
    async peek(key, limit, windowMs) {
      const hits = use(key, windowMs)?.hits ?? [];
      return result(hits.length + 1, limit, hits[0]?.at, windowMs, now());
    },
    async refund(key, token) {
      const entry = log.get(key);
      if (!entry) return;
      entry.hits = entry.hits.filter((h) => String(h.id) !== token);
      if (!entry.hits.length) log.delete(key);
    },
    async reset(key) {
      log.delete(key);
    },
    async close() {
      clearInterval(timer);
    },
    sweep,
    size: () => log.size,
  };
}

/** Where the shared limiter says that Redis went away and came back (pino's signature). */
export interface LimiterLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisLimiterOptions {
  /** Longest a call waits for Redis before it counts in memory instead (connection failures fail at once). */
  timeoutMs?: number;
  /** After Redis failed a call, calls count in memory this long before one asks Redis again. */
  retryMs?: number;
  log?: LimiterLog;
  /** The per-instance limiter used while Redis is away (tests pass one with a fake clock). */
  fallback?: RateLimiter;
  /** The clock of `retryMs` (tests move it instead of waiting for the retry time to pass). */
  now?: () => number;
}

/** Tokens of attempts counted in memory while Redis was away (Redis members start with a timestamp). */
const MEMORY_TOKEN = 'm:';

/**
 * The shared limiter: Redis, and a per-instance limiter in memory while Redis is away
 * (CONTRACT §7: answered within 250 ms, never a 5xx; decision 022). No call waits for Redis
 * longer than `timeoutMs`: commands are never queued for a connection to come (the client's
 * offline queue is off); a call that gets no answer in time — or a connection error, or an error
 * reply — counts in memory and opens a circuit, so for `retryMs` (and for as long as the client
 * is reconnecting) every call counts in memory at once, without trying; then one call at a time
 * asks Redis again, and its answer, or the client's reconnect, closes the circuit. Counting goes
 * back to Redis at once; the attempts counted in memory meanwhile stay there (each instance saw
 * only its own). The outage is logged once when it starts and once when it ends.
 */
export function createRedisRateLimiter(url: string, opts: RedisLimiterOptions = {}): RateLimiter {
  const timeoutMs = opts.timeoutMs ?? 150;
  const retryMs = opts.retryMs ?? 5000;
  const now = opts.now ?? Date.now;
  const log: LimiterLog = opts.log ?? {
    warn: (obj, msg) => console.warn(msg, obj),
    info: (obj, msg) => console.warn(msg, obj),
  };
  const memory = opts.fallback ?? createMemoryRateLimiter();
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    // Calls give up after `timeoutMs` (deadline below); this only clears a frozen server's queue.
    commandTimeout: 2000,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Reconnects every few hundred ms up to 2 s apart, for as long as it takes.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let closing = false;
  /** As last seen: false from the first failure until Redis answers again. */
  let healthy = true;
  /** After a failed call: count in memory until then without asking Redis. */
  let skipUntil = 0;
  /** A call is asking Redis whether it is back; the others count in memory meanwhile. */
  let probing = false;
  const degrade = (reason: string) => {
    if (closing || !healthy) return;
    healthy = false;
    log.warn({ reason }, 'Redis does not answer: rate limits count per instance until it is back');
  };
  const recover = () => {
    skipUntil = 0;
    if (healthy) return;
    healthy = true;
    log.info({}, 'Redis answers again: rate limits are shared again');
  };
  // Without a listener ioredis prints every failed reconnect; one line per outage is enough.
  redis.on('error', (err: Error) => degrade(err.message));
  redis.on('close', () => degrade('connection closed'));
  redis.on('ready', recover);

  /**
   * `run`'s answer, or a rejection after `timeoutMs`; `run` may ask whether that time has passed.
   * The rejection waits for the event loop's next I/O phase (setImmediate): when the process
   * itself was busy for longer than the timeout (a burst of requests), the timer fires before
   * the socket is read, though Redis's answer is already there; that is no outage.
   */
  const deadline = <T>(run: (expired: () => boolean) => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    let expired = false;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          setImmediate(() => {
            expired = true;
            reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
          }),
        timeoutMs,
      );
    });
    return Promise.race([run(() => expired), late]).finally(() => clearTimeout(timer));
  };

  /** Resolves when the client is (or gets) connected; one listener, however many calls wait. */
  let connected: Promise<unknown> | undefined;
  const whenConnected = () => {
    if (redis.status === 'ready') return Promise.resolve();
    connected ??= once(redis, 'ready').finally(() => (connected = undefined));
    return connected;
  };

  /** `work` on Redis when it is usable, else (or when it fails) `fallback` in memory. */
  async function either<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    // A known outage: no waiting while the client reconnects, nor for `retryMs` after a failed call.
    if (!healthy && (redis.status !== 'ready' || probing)) return fallback();
    if (now() < skipUntil) return fallback();
    const probe = !healthy;
    if (probe) probing = true;
    try {
      // Still connecting (the first connection, or one that just dropped): worth up to `timeoutMs`.
      // A connection that comes after the caller was answered from memory sends nothing.
      const value = await deadline((expired) =>
        whenConnected().then(() => {
          if (expired()) throw new Error('answered from memory meanwhile');
          return work();
        }),
      );
      recover();
      return value;
    } catch (err) {
      // Any failure (no answer, connection lost, an error reply while it fails over): the caller
      // still gets its answer, counted here.
      skipUntil = now() + retryMs;
      degrade(err instanceof Error ? err.message : String(err));
      return fallback();
    } finally {
      if (probe) probing = false;
    }
  }

  const shared = createSharedRedisLimiter(redis);
  const inMemory = async (key: string, limit: number, windowMs: number, add: boolean) => {
    const r = add ? await memory.hit(key, limit, windowMs) : await memory.peek(key, limit, windowMs);
    return r.token ? { ...r, token: MEMORY_TOKEN + r.token } : r;
  };
  return {
    hit: (key, limit, windowMs) =>
      either(
        () => shared.hit(key, limit, windowMs),
        () => inMemory(key, limit, windowMs, true),
      ),
    peek: (key, limit, windowMs) =>
      either(
        () => shared.peek(key, limit, windowMs),
        () => inMemory(key, limit, windowMs, false),
      ),
    async refund(key, token) {
      if (token.startsWith(MEMORY_TOKEN)) return memory.refund(key, token.slice(MEMORY_TOKEN.length));
      // An attempt Redis counted: refunded there when it answers (else it expires with its window).
      await either(
        () => shared.refund(key, token),
        async () => {},
      );
    },
    async reset(key) {
      await memory.reset(key);
      await either(
        () => shared.reset(key),
        async () => {},
      );
    },
    async health() {
      await either(
        () => redis.ping(),
        async () => '',
      );
      return healthy && redis.status === 'ready' ? 'ok' : 'degraded';
    },
    async close() {
      closing = true;
      await memory.close();
      if (redis.status === 'ready') await deadline(() => redis.quit()).catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** The limiter's operations on Redis alone (one round trip each); `createRedisRateLimiter` adds the fallback. */
function createSharedRedisLimiter(redis: Redis): Omit<RateLimiter, 'close'> {
  const prefix = 'bookla:rl:';
  // One round trip, atomic: drop old entries, count, add when under the limit (the member added
  // is returned, so exactly that attempt can be refunded with ZREM).
  const script = `
    local key, now, window, limit, add = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
    local count = redis.call('ZCARD', key)
    local member = ''
    if add == '1' and count < limit then
      member = ARGV[5]
      redis.call('ZADD', key, now, member)
      count = count + 1
      redis.call('PEXPIRE', key, window)
    else
      count = count + 1
    end
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return {count, oldest[2] or '', member}`;
  // Members are unique across instances: a random id per limiter and a counter.
  const instance = randomBytes(6).toString('hex');
  let seq = 0;
  const run = async (key: string, limit: number, windowMs: number, add: boolean) => {
    const now = Date.now();
    const [count, oldest, member] = (await redis.eval(
      script,
      1,
      prefix + key,
      now,
      windowMs,
      limit,
      add ? '1' : '0',
      `${now}-${instance}-${seq++}`,
    )) as [number, string, string];
    const r = result(count, limit, oldest ? Number(oldest) : undefined, windowMs, now);
    return member ? { ...r, token: member } : r;
  };
  return {
    hit: (key, limit, windowMs) => run(key, limit, windowMs, true),
    peek: (key, limit, windowMs) => run(key, limit, windowMs, false),
    async refund(key, token) {
      await redis.zrem(prefix + key, token);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
