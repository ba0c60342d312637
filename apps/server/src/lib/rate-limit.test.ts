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

// The shared limiter is exercised whenever a Redis server is configured (CI sets REDIS_URL).
const redisUrl = process.env.REDIS_URL;
if (redisUrl) contract('redis limiter', () => ({ limiter: createRedisRateLimiter(redisUrl) }));
