import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * Pins the server under test to one core and the load generator (this process) to another, on
 * Linux with `taskset` and two or more cores (BENCH_PIN=0: left to the scheduler). Unpinned, the
 * same bare-Fastify baseline measured 66k or 83k answers/s from one run to the next on this
 * machine (two modes: where the scheduler put the two processes), and every ratio with it.
 */
export const PIN = process.platform === 'linux' && process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && hasTaskset();

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The core of the server (0) or of the load generator (1); all of the process's threads. */
export function pin(pid: number, core: 0 | 1): void {
  if (!PIN) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
  } catch {
    // A process that is gone, or a core that is not ours: measured unpinned.
  }
}
