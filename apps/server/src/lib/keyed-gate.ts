/**
 * Admission control per key inside one process: at most `limit` holders of a key at once, the
 * rest wait here in memory, in arrival order. Used in front of the checkout, keyed by ticket: when
 * 500 buyers arrive for one ticket, a few at a time go to the database (where its row lock decides
 * who gets a seat) instead of all 500 taking a pool connection to wait for that lock — so the
 * first buyers finish sooner and the late ones get their "sold out" from one read.
 * It is an optimisation per instance, never the protection: several instances each have their
 * own gate, and the database alone keeps stock right.
 */
export interface KeyedGate {
  /** Runs `fn` holding every key (taken in sorted order, so two callers never wait for each other in a circle). */
  run<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T>;
  /** Keys currently held or waited for (for tests). */
  size(): number;
}

export function createKeyedGate(limit: number): KeyedGate {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`gate limit must be a positive integer, got ${limit}`);
  const states = new Map<string, { active: number; waiting: (() => void)[] }>();

  const acquire = (key: string): Promise<void> => {
    let s = states.get(key);
    if (!s) states.set(key, (s = { active: 0, waiting: [] }));
    if (s.active < limit) {
      s.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => s.waiting.push(resolve));
  };

  const release = (key: string): void => {
    const s = states.get(key);
    if (!s) return;
    const next = s.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else if (--s.active === 0) states.delete(key);
  };

  return {
    async run(keys, fn) {
      const sorted = [...new Set(keys)].sort();
      const held: string[] = [];
      try {
        for (const key of sorted) {
          await acquire(key);
          held.push(key);
        }
        return await fn();
      } finally {
        for (const key of held.reverse()) release(key);
      }
    },
    size: () => states.size,
  };
}
