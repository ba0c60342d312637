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
  /** `app`, `hello`, or what a custom benchmark measured against (e.g. `pgbench`). */
  server: Target['server'] | 'pgbench';
  path: string;
  info: Record<string, string>;
  load: LoadResult;
}

export interface BenchmarkResult {
  name: string;
  description: string;
  goal: number;
  /** How the goal reads when it is more than a ratio (custom benchmarks). */
  goalText?: string;
  /** subject req/s ÷ baseline req/s */
  ratio?: number;
  pass?: boolean;
  /** p95 goal in ms, and whether it was checked (PostgreSQL only) and met. */
  p95GoalMs?: number;
  p95Checked?: boolean;
  p95Pass?: boolean;
  baseline?: SideResult;
  subject?: SideResult;
  /** Set when the benchmark could not be measured (crash, failed check, errors under load). */
  error?: string;
}

/** `{name}` placeholders in paths and headers → values the seed returned. */
function fill(text: string, vars: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in vars)) throw new Error(`no seed value for ${m}`);
    return vars[name]!;
  });
}

type Server = Awaited<ReturnType<typeof spawnServer>>;

const toError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

async function measureOn(server: Server, side: 'baseline' | 'subject', target: Target, settings: Settings): Promise<SideResult> {
  const path = fill(target.path, server.vars);
  const headers = target.headers && Object.fromEntries(Object.entries(target.headers).map(([k, v]) => [k, fill(v, server.vars)]));
  const request = { url: server.url, method: target.method, path, headers };
  const first = await requestOnce(request);
  const problem = target.check ? target.check(first) : first.status === 200 ? undefined : `status ${first.status}`;
  if (problem) throw new Error(`${side} ${path}: ${problem}; body starts ${JSON.stringify(first.body.slice(0, 200))}`);

  if (settings.warmupSeconds > 0)
    await runLoad({ ...request, connections: settings.connections, durationMs: settings.warmupSeconds * 1000 });
  const load = await runLoad({ ...request, connections: settings.connections, durationMs: settings.seconds * 1000 });
  if (load.errors > 0) throw new Error(`${side}: ${load.errors} network errors under load (first: ${load.firstError})`);
  if (load.non2xx > 0) throw new Error(`${side}: ${load.non2xx} of ${load.requests} answers were not 2xx`);
  return { server: target.server, path, info: server.info, load };
}

async function measureSides(
  benchmark: string,
  side: 'baseline' | 'subject',
  targets: Target[],
  settings: Settings,
  seed?: Benchmark['seed'],
  web?: boolean,
): Promise<(SideResult | Error)[]> {
  const server = await spawnServer(targets[0]!.server, {
    profileDir: settings.profileDir && join(settings.profileDir, benchmark, `${side}-${targets[0]!.server}`),
    seed: side === 'subject' ? seed : undefined,
    web: side === 'subject' && web,
  });
  try {
    // One subject failing does not cost the others their numbers.
    const out: (SideResult | Error)[] = [];
    for (const target of targets) out.push(await measureOn(server, side, target, settings).catch((err: unknown) => toError(err)));
    return out;
  } finally {
    await server.close();
  }
}

/**
 * Baseline first, then the subject(s) on one server: never both at once (two cores: one for the
 * server, one for the load). Several subjects give one result row each, all against the same baseline.
 */
export async function runBenchmark(b: Benchmark, given: Settings): Promise<BenchmarkResult[]> {
  const settings = b.connections && !process.env.BENCH_CONNECTIONS ? { ...given, connections: b.connections } : given;
  const subjects = Array.isArray(b.subject) ? b.subject : [b.subject];
  const rows: BenchmarkResult[] = subjects.map((s) => ({
    name: subjects.length > 1 ? `${b.name}:${s.label ?? s.path}` : b.name,
    description: b.connections ? `${b.description} (${settings.connections} connections)` : b.description,
    goal: s.goal ?? b.goal,
    p95GoalMs: b.p95GoalMs,
  }));
  try {
    const [baseline] = await measureSides(b.name, 'baseline', [b.baseline], settings);
    if (!baseline || baseline instanceof Error) throw baseline ?? new Error('no baseline');
    for (const row of rows) row.baseline = baseline;
    const measured = await measureSides(b.name, 'subject', subjects, settings, b.seed, b.web);
    measured.forEach((subject, i) => {
      const row = rows[i]!;
      if (subject instanceof Error) {
        row.error = subject.message;
        return;
      }
      row.subject = subject;
      row.ratio = subject.load.requestsPerSecond / baseline.load.requestsPerSecond;
      row.p95Checked = b.p95GoalMs !== undefined && subject.info.databaseKind === 'postgres';
      row.p95Pass = row.p95Checked ? subject.load.latencyMs.p95 <= b.p95GoalMs! : undefined;
      row.pass = row.ratio >= row.goal && row.p95Pass !== false;
    });
  } catch (err) {
    const error = toError(err).message;
    for (const row of rows) if (!row.subject) row.error ??= error;
  }
  return rows;
}
