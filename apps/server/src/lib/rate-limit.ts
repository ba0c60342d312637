import { Redis } from 'ioredis';

/**
 * Sliding-window rate limiting (CONTRACT §2). In-process by default; shared through Redis
 * when REDIS_URL is set, so the limits hold across instances.
 *
 * `hit` records an attempt and says whether it is still within the limit; `peek` only looks
 * (used for "failed logins": only failures are counted, but a locked account is refused).
 */
export interface LimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the oldest counted attempt leaves the window. */
  retryAfter: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  peek(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function result(count: number, limit: number, oldest: number | undefined, windowMs: number, now: number): LimitResult {
  const allowed = count <= limit;
  const retryAfter = oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  return { allowed, remaining: Math.max(0, limit - count), retryAfter: allowed ? 0 : retryAfter };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const log = new Map<string, number[]>();
  const prune = (key: string, windowMs: number) => {
    const t = now();
    const list = (log.get(key) ?? []).filter((ts) => ts > t - windowMs);
    if (list.length) log.set(key, list);
    else log.delete(key);
    return list;
  };
  // Bound memory: drop idle keys now and then.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, list] of log) if (!list.length || list[list.length - 1]! < t - 24 * 3600_000) log.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowMs) {
      const list = prune(key, windowMs);
      // Attempts past the limit are not recorded, so a blocked client is free once the window passes.
      if (list.length < limit) {
        list.push(now());
        log.set(key, list);
        return result(list.length, limit, list[0], windowMs, now());
      }
      return result(list.length + 1, limit, list[0], windowMs, now());
    },
    async peek(key, limit, windowMs) {
      const list = prune(key, windowMs);
      return result(list.length + 1, limit, list[0], windowMs, now());
    },
    async reset(key) {
      log.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const prefix = 'bookla:rl:';
  // One round trip, atomic: drop old entries, count, add when under the limit.
  const script = `
    local key, now, window, limit, add = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
    local count = redis.call('ZCARD', key)
    if add == '1' and count < limit then
      redis.call('ZADD', key, now, now .. '-' .. ARGV[5])
      count = count + 1
      redis.call('PEXPIRE', key, window)
    else
      count = count + 1
    end
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return {count, oldest[2] or ''}`;
  let seq = 0;
  const run = async (key: string, limit: number, windowMs: number, add: boolean) => {
    const now = Date.now();
    const [count, oldest] = (await redis.eval(
      script,
      1,
      prefix + key,
      now,
      windowMs,
      limit,
      add ? '1' : '0',
      `${process.pid}-${seq++}`,
    )) as [number, string];
    return result(count, limit, oldest ? Number(oldest) : undefined, windowMs, now);
  };
  return {
    hit: (key, limit, windowMs) => run(key, limit, windowMs, true),
    peek: (key, limit, windowMs) => run(key, limit, windowMs, false),
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
