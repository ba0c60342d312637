import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropBenchDatabase } from './db-admin.ts';
import { pin } from './pin.ts';
import type { RunningServer, SeedName, ServerKind } from './types.ts';

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const CLOSE_TIMEOUT_MS = 30_000;

export interface SpawnOptions {
  /**
   * Write V8 CPU profiles of the server process into this folder (node --cpu-prof). One file per
   * thread: the biggest is the main thread, a small one is tsx's module-loader thread.
   */
  profileDir?: string;
  /** Seed the app's database first (bench/seeds/). */
  seed?: SeedName;
  /** The app serves the web build too. */
  web?: boolean;
}

type ChildMessage =
  | { type: 'ready'; url: string; info: Record<string, string>; vars?: Record<string, string> }
  | { type: 'failed'; error: string }
  | { type: 'created'; dir?: string; database?: string };

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/**
 * Starts a server (see serve.ts) in a child process with NODE_ENV=production and resolves once
 * it listens. close() asks it to shut down (closing the app, its database, temp files) and waits.
 */
export async function spawnServer(kind: ServerKind, opts: SpawnOptions = {}): Promise<RunningServer> {
  const execArgv = ['--import', 'tsx'];
  if (opts.profileDir) {
    mkdirSync(opts.profileDir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`);
  }
  const child = fork(SERVE, opts.seed ? [kind, opts.seed] : [kind], {
    execArgv,
    env: { ...process.env, NODE_ENV: 'production', ...(opts.web ? { BENCH_WEB: '1' } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid) pin(child.pid, 0);
  const created: { dirs: string[]; databases: string[] } = { dirs: [], databases: [] };
  const exit = exited(child);

  // If the child dies without cleaning up, remove its temp dir and PostgreSQL database from here.
  const dropLeftovers = async () => {
    const url = process.env.DATABASE_URL?.trim();
    for (const name of created.databases) if (url) await dropBenchDatabase(url, name).catch(() => {});
    for (const dir of created.dirs)
      if (dirname(dir) === tmpdir() && basename(dir).startsWith('bookla-bench-')) await rm(dir, { recursive: true, force: true });
  };

  const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.on('message', (msg: ChildMessage) => {
      if (msg.type === 'created') {
        if (msg.dir) created.dirs.push(msg.dir);
        if (msg.database) created.databases.push(msg.database);
      } else if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve(msg);
      } else if (msg.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${kind} server failed to start:\n${msg.error}`));
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited during start-up (code ${code})`));
    });
  }).catch(async (err: unknown) => {
    child.kill('SIGKILL');
    await exit;
    await dropLeftovers();
    throw err;
  });

  return {
    url: ready.url,
    info: ready.info,
    vars: ready.vars,
    async close() {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
      const code = await exit;
      clearTimeout(timer);
      if (code !== 0) {
        await dropLeftovers();
        throw new Error(`${kind} server exited with code ${code} on close`);
      }
    },
  };
}
