import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { FixtureInput } from './worker-pool-fixture.ts';
import { createWorkerPool, PoolBusyError, WorkerTaskError, type WorkerPool } from './worker-pool.ts';

type Out = { value: string; threadId: number };
const pools: WorkerPool<FixtureInput, Out>[] = [];
const pool = (size: number, maxQueue: number, taskTimeoutMs?: number) => {
  const p = createWorkerPool<FixtureInput, Out>({
    module: new URL('./worker-pool-fixture.ts', import.meta.url),
    size,
    maxQueue,
    taskTimeoutMs,
  });
  pools.push(p);
  return p;
};
const gate = () => {
  const buffer = new SharedArrayBuffer(4);
  return {
    buffer,
    open() {
      Atomics.store(new Int32Array(buffer), 0, 1);
      Atomics.notify(new Int32Array(buffer), 0);
    },
  };
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('worker pool', () => {
  it('runs tasks in a worker thread, not the calling one', async () => {
    const p = pool(2, 0);
    const out = await p.run({ op: 'echo', value: 'hi' });
    expect(out.value).toBe('hi');
    expect(out.threadId).not.toBe(threadId);
    expect(p.stats()).toMatchObject({ completed: 1, busy: 0, queued: 0 });
  });

  it('refuses tasks past the queue bound at once instead of queueing without limit', async () => {
    const p = pool(1, 2);
    const g = gate();
    const running = p.run({ op: 'wait', gate: g.buffer, value: 'first' });
    const queued = [p.run({ op: 'echo', value: 'q1' }), p.run({ op: 'echo', value: 'q2' })];
    const refused = Array.from({ length: 5 }, (_, i) => p.run({ op: 'echo', value: `r${i}` }));
    for (const r of refused) await expect(r).rejects.toBeInstanceOf(PoolBusyError);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2, refused: 5, workers: 1 });
    g.open();
    expect((await running).value).toBe('first');
    expect((await Promise.all(queued)).map((o) => o.value)).toEqual(['q1', 'q2']);
    // Room again once the queue drained.
    expect((await p.run({ op: 'echo', value: 'later' })).value).toBe('later');
  });

  it('never runs more than `size` tasks at once', async () => {
    const p = pool(2, 10);
    const g = gate();
    const tasks = Array.from({ length: 6 }, (_, i) => p.run({ op: 'wait', gate: g.buffer, value: String(i) }));
    await expect.poll(() => p.stats().workers).toBe(2);
    expect(p.stats()).toMatchObject({ busy: 2, queued: 4 });
    g.open();
    expect((await Promise.all(tasks)).map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(p.stats().started).toBe(2);
  });

  it('rejects a task that throws, and one whose worker dies, and carries on with a new worker', async () => {
    const p = pool(1, 4);
    await expect(p.run({ op: 'throw', value: 'broken document' })).rejects.toThrow(WorkerTaskError);
    await expect(p.run({ op: 'throw', value: 'broken document' })).rejects.toThrow('broken document');
    expect(p.stats().started).toBe(1); // a throw does not cost the worker
    const crash = p.run({ op: 'exit' });
    const queued = p.run({ op: 'echo', value: 'queued behind the crash' });
    await expect(crash).rejects.toThrow(/worker ended/);
    // The queued task runs on the fresh worker.
    expect((await queued).value).toBe('queued behind the crash');
    expect(p.stats().started).toBe(2);
  });

  it('ends a worker whose task runs past the timeout and rejects that task', async () => {
    const p = pool(1, 1, 300);
    const g = gate();
    // The timeout counts from the loaded module (loading TypeScript in a new thread takes longer).
    await expect(p.run({ op: 'wait', gate: g.buffer, value: 'stuck' })).rejects.toThrow(WorkerTaskError);
    expect((await p.run({ op: 'echo', value: 'next' })).value).toBe('next');
    expect(p.stats().started).toBe(2);
  });
});
