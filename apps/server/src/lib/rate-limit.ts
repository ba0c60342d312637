import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Sliding-window rate limiting (CONTRACT §2). In-process by default; shared through Redis
 * when REDIS_URL is set, so the limits hold across instances.
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

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
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
    async close() {
      await redis.quit();
    },
  };
}
