import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

function contract(name: string, make: () => { limiter: RateLimiter; advance?: (ms: number) => void }) {
  describe(name, () => {
    it('allows up to the limit, then refuses with a Retry-After', async () => {
      const { limiter } = make();
      const key = `k-${Math.random()}`;
      for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
      const refused = await limiter.hit(key, 3, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      await limiter.close();
    });

    it('peek does not count', async () => {
      const { limiter } = make();
      const key = `p-${Math.random()}`;
      for (let i = 0; i < 5; i++) expect((await limiter.peek(key, 2, 60_000)).allowed).toBe(true);
      await limiter.hit(key, 2, 60_000);
      await limiter.hit(key, 2, 60_000);
      expect((await limiter.peek(key, 2, 60_000)).allowed).toBe(false);
      await limiter.reset(key);
      expect((await limiter.peek(key, 2, 60_000)).allowed).toBe(true);
      await limiter.close();
    });

    it('counts parallel hits atomically: exactly `limit` of them are allowed', async () => {
      const { limiter } = make();
      const key = `c-${Math.random()}`;
      const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(key, 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.filter((r) => !r.allowed).every((r) => r.retryAfter > 0 && r.token === undefined)).toBe(true);
      expect(new Set(results.filter((r) => r.allowed).map((r) => r.token)).size).toBe(10);
      await limiter.close();
    });

    it('refund removes exactly the attempt it names', async () => {
      const { limiter } = make();
      const key = `r-${Math.random()}`;
      const first = await limiter.hit(key, 2, 60_000);
      const second = await limiter.hit(key, 2, 60_000);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(false);
      await limiter.refund(key, first.token!);
      await limiter.refund(key, first.token!); // twice is still one attempt
      expect((await limiter.peek(key, 2, 60_000)).allowed).toBe(true); // one of two counted again
      const third = await limiter.hit(key, 2, 60_000);
      expect(third.allowed).toBe(true);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(false);
      await limiter.refund(key, second.token!);
      await limiter.refund(key, third.token!);
      expect((await limiter.peek(key, 2, 60_000)).remaining).toBe(1);
      await limiter.close();
    });
  });
}

let now = 1_000_000;
contract('memory limiter', () => ({ limiter: createMemoryRateLimiter(() => now) }));

describe('memory limiter window', () => {
  it('is a rolling window', async () => {
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('w', 2, 10_000);
    now += 6_000;
    await limiter.hit('w', 2, 10_000);
    expect((await limiter.hit('w', 2, 10_000)).allowed).toBe(false);
    now += 4_001; // the first attempt left the window
    expect((await limiter.hit('w', 2, 10_000)).allowed).toBe(true);
    await limiter.close();
  });
});

describe('memory limiter bounds (attacker-chosen keys)', () => {
  it('drops a key once its own window has passed', async () => {
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('short', 5, 10_000);
    await limiter.hit('long', 5, 3600_000);
    expect(limiter.size()).toBe(2);
    now += 10_001;
    limiter.sweep();
    expect(limiter.size()).toBe(1);
    now += 3600_000;
    limiter.sweep();
    expect(limiter.size()).toBe(0);
    await limiter.close();
  });

  it('keeps at most maxKeys keys, evicting the least recently used', async () => {
    const limiter = createMemoryRateLimiter(() => now, { maxKeys: 3 });
    for (const k of ['a', 'b', 'c']) await limiter.hit(k, 1, 60_000);
    await limiter.peek('a', 1, 60_000); // a is used again: b is now the least recently used
    await limiter.hit('d', 1, 60_000);
    expect(limiter.size()).toBe(3);
    expect((await limiter.peek('b', 1, 60_000)).allowed).toBe(true); // forgotten
    for (const k of ['a', 'c', 'd']) expect((await limiter.peek(k, 1, 60_000)).allowed).toBe(false);
    for (let i = 0; i < 1000; i++) await limiter.hit(`flood-${i}`, 1, 60_000);
    expect(limiter.size()).toBe(3);
    await limiter.close();
  });
});

// The shared limiter is exercised whenever a Redis server is configured (CI sets REDIS_URL).
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  contract('redis limiter', () => ({ limiter: createRedisRateLimiter(redisUrl) }));

  describe('redis limiter across instances', () => {
    it('allows exactly `limit` parallel hits made through several connections', async () => {
      const limiters = [1, 2, 3].map(() => createRedisRateLimiter(redisUrl));
      const key = `multi-${Math.random()}`;
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 3]!.hit(key, 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      await limiters[0]!.reset(key);
      await Promise.all(limiters.map((l) => l.close()));
    });
  });
}
