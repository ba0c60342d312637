import { join } from 'node:path';
import { spawnServer } from './child.ts';
import { requestOnce, runLoad, type LoadResult } from './load.ts';
import type { Benchmark, Target } from './types.ts';

export interface Settings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** When set, the server processes write CPU profiles here. */
  profileDir?: string;
}

export interface SideResult {
  server: Target['server'];
  path: string;
  info: Record<string, string>;
  load: LoadResult;
}

export interface BenchmarkResult {
  name: string;
  description: string;
  goal: number;
  /** subject req/s ÷ baseline req/s */
  ratio?: number;
  pass?: boolean;
  baseline?: SideResult;
  subject?: SideResult;
  /** Set when the benchmark could not be measured (crash, failed check, errors under load). */
  error?: string;
}

async function measureSide(benchmark: string, side: 'baseline' | 'subject', target: Target, settings: Settings): Promise<SideResult> {
  const server = await spawnServer(target.server, {
    profileDir: settings.profileDir && join(settings.profileDir, benchmark, `${side}-${target.server}`),
  });
  try {
    const request = { url: server.url, method: target.method, path: target.path, headers: target.headers };
    const first = await requestOnce(request);
    const problem = target.check ? target.check(first) : first.status === 200 ? undefined : `status ${first.status}`;
    if (problem) throw new Error(`${side} ${target.path}: ${problem}; body starts ${JSON.stringify(first.body.slice(0, 200))}`);

    if (settings.warmupSeconds > 0)
      await runLoad({ ...request, connections: settings.connections, durationMs: settings.warmupSeconds * 1000 });
    const load = await runLoad({ ...request, connections: settings.connections, durationMs: settings.seconds * 1000 });
    if (load.errors > 0) throw new Error(`${side}: ${load.errors} network errors under load (first: ${load.firstError})`);
    if (load.non2xx > 0) throw new Error(`${side}: ${load.non2xx} of ${load.requests} answers were not 2xx`);
    return { server: target.server, path: target.path, info: server.info, load };
  } finally {
    await server.close();
  }
}

/** Baseline first, then subject: never both at once (two cores: one for the server, one for the load). */
export async function runBenchmark(b: Benchmark, settings: Settings): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: b.name, description: b.description, goal: b.goal };
  try {
    result.baseline = await measureSide(b.name, 'baseline', b.baseline, settings);
    result.subject = await measureSide(b.name, 'subject', b.subject, settings);
    result.ratio = result.subject.load.requestsPerSecond / result.baseline.load.requestsPerSecond;
    result.pass = result.ratio >= b.goal;
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  return result;
}
