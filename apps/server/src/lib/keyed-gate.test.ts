import { describe, expect, it } from 'vitest';
import { createKeyedGate } from './keyed-gate.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('createKeyedGate', () => {
  it('lets `limit` holders of a key run at once, the rest in arrival order, other keys unaffected', async () => {
    const gate = createKeyedGate(2);
    const order: string[] = [];
    const blockers = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const task = (name: string, i: number) =>
      gate.run(['t1'], async () => {
        running++;
        most = Math.max(most, running);
        order.push(`start ${name}`);
        await blockers[i]!.promise;
        running--;
      });
    const a = task('a', 0);
    const b = task('b', 1);
    const c = task('c', 2);
    const other = gate.run(['t2'], async () => order.push('other'));
    await other;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start a', 'start b', 'other']);
    blockers[1]!.resolve();
    await b;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start a', 'start b', 'other', 'start c']);
    blockers[0]!.resolve();
    blockers[2]!.resolve();
    await Promise.all([a, c]);
    expect(most).toBe(2);
    expect(gate.size()).toBe(0);
  });

  it('releases on failure and takes several keys in one order (no circular wait)', async () => {
    const gate = createKeyedGate(1);
    await expect(gate.run(['x'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const results = await Promise.all([
      gate.run(['b', 'a'], async () => 'ba'),
      gate.run(['a', 'b'], async () => 'ab'),
      gate.run(['b', 'a', 'a'], async () => 'baa'),
    ]);
    expect(results).toEqual(['ba', 'ab', 'baa']);
    expect(gate.size()).toBe(0);
  });
});
