/**
 * The jobs thread (see jobs-thread.ts): its own connection pool and job runner, the same
 * handlers as the server's thread. Composing mails, rendering PDFs and writing exports happen
 * here, so they never hold up a request — nor a checkout that holds a ticket's row lock.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { registerJobHandlers } from './background-jobs.ts';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { createJobRunner } from './lib/jobs.ts';
import { loggerOptions } from './lib/logger.ts';
import { createTransport } from './lib/mailer.ts';

const { config } = workerData as { config: Config };
// Background work yields to requests: on Linux a thread's nice value is its own (setpriority on
// the calling thread), so under a rush of buyers mails wait — they are in the outbox, never lost.
try {
  setPriority(10);
} catch {
  // Not allowed here (some containers): the thread runs at normal priority.
}
const log = pino(loggerOptions(config)).child({ thread: 'jobs' }) as unknown as FastifyBaseLogger;
const database = await openDatabase({ url: config.databaseUrl, poolSize: 4, poolMode: config.databasePoolMode });
const mailTransport = createTransport(config.smtpUrl);
const jobs = createJobRunner(database.db, log);
registerJobHandlers(jobs, { db: database.db, config, mailTransport, log });
jobs.start();
log.info('jobs thread started');
parentPort!.postMessage('started');
// The server's GET /api/ready asks whether this runner is alive: its last wake-up, every 2 s.
const heartbeat = setInterval(() => parentPort!.postMessage({ tick: jobs.lastTick() }), 2000);
heartbeat.unref();
parentPort!.postMessage({ tick: jobs.lastTick() });

parentPort!.once('message', () => {
  // Stop claiming, let the running job finish, then end the thread with nothing left open.
  void (async () => {
    clearInterval(heartbeat);
    await jobs.stop();
    mailTransport?.close();
    await database.close();
    parentPort!.close();
  })();
});
