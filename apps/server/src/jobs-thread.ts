import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';

/**
 * On PostgreSQL the job runner lives in a worker thread (jobs-worker.ts) with its own pool: a
 * confirmation mail's PDF takes tens of milliseconds of CPU, and on the server's thread every
 * request — and every checkout holding a ticket's lock — would wait for it (measured by
 * `npm run bench -- checkout`). Jobs are claimed through the database, so the thread is just
 * one more worker. PGlite is one connection in this process: there the server's thread runs them.
 * A thread that dies is started again after a second; one that cannot start at all (its first
 * start fails) hands the jobs back to the server's thread (`fallback`), so mails still go out.
 */
export function startJobsThread(
  config: Config,
  log: FastifyBaseLogger,
  fallback: () => void,
): { stop(): Promise<void>; lastTick(): number | undefined } {
  let worker: Worker | undefined;
  // The thread's runner reports its last wake-up every 2 s (jobs-worker.ts): GET /api/ready's "jobs" check.
  let lastTick: number | undefined;
  let stopping = false;
  let everStarted = false;
  let restart: NodeJS.Timeout | undefined;
  const spawn = () => {
    const w = new Worker(new URL('./jobs-worker-entry.mjs', import.meta.url), { workerData: { config } });
    worker = w;
    w.on('message', (m: unknown) => {
      if (m === 'started') everStarted = true;
      else if (m && typeof m === 'object' && 'tick' in m) lastTick = typeof m.tick === 'number' ? m.tick : undefined;
    });
    w.on('error', (err) => log.error({ err }, 'jobs thread failed'));
    w.on('exit', (code) => {
      lastTick = undefined;
      if (stopping) return;
      if (!everStarted) {
        log.warn({ code }, 'the jobs thread could not start: jobs run on the server thread');
        worker = undefined;
        fallback();
        return;
      }
      log.error({ code }, 'jobs thread ended; starting it again in 1 s');
      restart = setTimeout(spawn, 1000);
      restart.unref();
    });
  };
  spawn();
  return {
    lastTick: () => lastTick,
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const w = worker;
      if (!w) return;
      const exited = once(w, 'exit');
      w.postMessage('stop');
      // A job that hangs must not hold the shutdown: 10 s, then the thread is ended.
      const timer = setTimeout(() => void w.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
