import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * A pool of worker threads for CPU-heavy work (PDF rendering) that must never run on the
 * server's thread: there every request waits for it. At most `size` workers run tasks, at most
 * `maxQueue` tasks wait for one; a task past that is refused at once with `PoolBusyError` (the
 * route answers 503 with Retry-After) instead of growing a queue nobody can work off.
 *
 * A worker runs one module (`module`, a file URL of a TypeScript or JavaScript module exporting
 * `handle(input)` → `{ output, transfer? }`), loaded through `worker-pool-entry.mjs` (a worker
 * does not inherit the server's `--import tsx`). Workers start on demand and are unref'd: an idle
 * pool never holds the process open. A task that throws rejects with `WorkerTaskError`; a worker
 * that dies (out of memory under `resourceLimits`, a crash) or exceeds `taskTimeoutMs` is ended
 * and replaced, and its task rejects with `WorkerTaskError` — never the process.
 */

export interface WorkerPoolOptions {
  /** The module the workers load (`new URL('./x.ts', import.meta.url)`). */
  module: URL;
  /** Workers running at once (≥ 1). */
  size: number;
  /** Tasks waiting for a worker (≥ 0) before `run` refuses with PoolBusyError. */
  maxQueue: number;
  /** A task running longer ends its worker (default 60 s). */
  taskTimeoutMs?: number;
  resourceLimits?: ResourceLimits;
  /** Called when a worker fails (for the log); the pool carries on. */
  onWorkerError?: (err: unknown) => void;
}

export interface WorkerPoolStats {
  /** Workers alive now. */
  workers: number;
  busy: number;
  queued: number;
  /** Tasks finished (resolved or rejected) since the start. */
  completed: number;
  /** Tasks refused because the queue was full. */
  refused: number;
  /** Workers started since the start (replacements included). */
  started: number;
}

export interface WorkerPool<I, O> {
  run(input: I, transfer?: readonly Transferable[]): Promise<O>;
  stats(): WorkerPoolStats;
  /** Refuses new tasks, rejects the queued ones and ends every worker. */
  close(): Promise<void>;
}

/** Every worker busy and the queue full: try again later. */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
  constructor() {
    super('every worker is busy and the queue is full');
  }
}

/** The task failed in its worker (threw, the worker died, or it timed out). */
export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError';
}

interface Task<I, O> {
  input: I;
  transfer: readonly Transferable[];
  resolve(output: O): void;
  reject(err: Error): void;
}

interface Slot<I, O> {
  worker: Worker;
  task?: Task<I, O>;
  timer?: NodeJS.Timeout;
  seq: number;
  /** The module has loaded (the timeout counts from here: loading TypeScript takes a while). */
  ready: boolean;
}

type Reply<O> = { id: number; ok: true; output: O } | { id: number; ok: false; message: string } | { ready: true };

export function createWorkerPool<I, O>(opts: WorkerPoolOptions): WorkerPool<I, O> {
  const size = Math.max(1, Math.floor(opts.size));
  const maxQueue = Math.max(0, Math.floor(opts.maxQueue));
  const timeoutMs = opts.taskTimeoutMs ?? 60_000;
  const slots = new Set<Slot<I, O>>();
  const queue: Task<I, O>[] = [];
  let closed = false;
  let completed = 0;
  let refused = 0;
  let started = 0;

  const finish = (slot: Slot<I, O>) => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const task = slot.task;
    slot.task = undefined;
    if (task) completed++;
    return task;
  };

  const spawn = (): Slot<I, O> => {
    const worker = new Worker(new URL('./worker-pool-entry.mjs', import.meta.url), {
      workerData: { module: opts.module.href },
      resourceLimits: opts.resourceLimits,
    });
    worker.unref();
    started++;
    const slot: Slot<I, O> = { worker, seq: 0, ready: false };
    slots.add(slot);
    worker.on('message', (reply: Reply<O>) => {
      if ('ready' in reply) {
        slot.ready = true;
        if (slot.task) startTimer(slot);
        return;
      }
      if (reply.id !== slot.seq) return;
      const task = finish(slot);
      if (!task) return;
      if (reply.ok) task.resolve(reply.output);
      else task.reject(new WorkerTaskError(reply.message));
      next();
    });
    worker.on('error', (err) => opts.onWorkerError?.(err));
    worker.on('exit', (code) => {
      slots.delete(slot);
      const task = finish(slot);
      task?.reject(new WorkerTaskError(`the worker ended (exit code ${code}) during the task`));
      next();
    });
    return slot;
  };

  const startTimer = (slot: Slot<I, O>) => {
    slot.timer = setTimeout(() => {
      opts.onWorkerError?.(new WorkerTaskError(`task timed out after ${timeoutMs} ms`));
      // The exit handler rejects the task and replaces the worker.
      void slot.worker.terminate();
    }, timeoutMs);
    slot.timer.unref();
  };

  const dispatch = (slot: Slot<I, O>, task: Task<I, O>) => {
    slot.task = task;
    slot.seq++;
    if (slot.ready) startTimer(slot);
    try {
      slot.worker.postMessage({ id: slot.seq, input: task.input }, [...task.transfer]);
    } catch (err) {
      // The input could not be cloned: the task's fault, not the worker's.
      finish(slot);
      task.reject(new WorkerTaskError(`the task could not be sent to its worker: ${(err as Error).message}`));
      next();
    }
  };

  /** Hands queued tasks to idle workers, starting workers up to `size`. */
  const next = () => {
    if (closed) return;
    while (queue.length) {
      let idle: Slot<I, O> | undefined;
      for (const s of slots) if (!s.task) idle = s;
      if (!idle && slots.size < size) idle = spawn();
      if (!idle) return;
      dispatch(idle, queue.shift()!);
    }
  };

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new PoolBusyError());
      // Tasks wait only while every worker is busy (a free one takes the task at once).
      const busy = [...slots].filter((s) => s.task).length;
      if (busy >= size && queue.length >= maxQueue) {
        refused++;
        return Promise.reject(new PoolBusyError());
      }
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, transfer, resolve, reject });
        next();
      });
    },
    stats() {
      return {
        workers: slots.size,
        busy: [...slots].filter((s) => s.task).length,
        queued: queue.length,
        completed,
        refused,
        started,
      };
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new PoolBusyError());
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
