import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBenchmark, type BenchmarkResult, type Settings, type SideResult } from './lib/measure.ts';
import { PIN, pin } from './lib/pin.ts';
import type { Benchmark, CustomBenchmark } from './lib/types.ts';

/**
 * npm run bench [-- name …]   runs bench/benchmarks/*.ts (or the named ones), prints a table of
 * ratios against the same-run baseline, writes bench/results/latest.json.
 * Exit code 1 only when a benchmark could not be measured; a missed goal is reported, not fatal.
 * Env: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10), BENCH_PROFILE=1,
 * DATABASE_URL (PostgreSQL instead of PGlite).
 */
const here = import.meta.dirname;
const benchmarksDir = join(here, 'benchmarks');
const resultsDir = join(here, 'results');

/** A mistake in how the bench was called: printed without a stack trace. */
class UsageError extends Error {}

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new UsageError(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return n;
}

async function loadBenchmarks(names: string[]): Promise<(Benchmark | CustomBenchmark)[]> {
  const available = readdirSync(benchmarksDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => basename(f, '.ts'))
    .sort();
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length) throw new UsageError(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  const chosen = names.length ? available.filter((n) => names.includes(n)) : available;
  const out: (Benchmark | CustomBenchmark)[] = [];
  for (const file of chosen) {
    const mod = (await import(pathToFileURL(join(benchmarksDir, `${file}.ts`)).href)) as { default?: Benchmark | CustomBenchmark };
    if (!mod.default?.name) throw new Error(`bench/benchmarks/${file}.ts has no default export made with defineBenchmark()`);
    out.push(mod.default);
  }
  return out;
}

const fmtRate = (n: number | undefined) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));
const fmtMs = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));

function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function goalText(r: { goal: number; p95GoalMs?: number | undefined; goalText?: string | undefined }): string {
  if (r.goalText) return r.goalText;
  return r.p95GoalMs === undefined ? `≥ ${r.goal}` : `≥ ${r.goal}, p95 ≤ ${r.p95GoalMs} ms (PostgreSQL)`;
}

function status(r: BenchmarkResult): string {
  if (r.error) return 'CRASH';
  return r.pass ? 'PASS' : 'FAIL';
}

function report(results: BenchmarkResult[]): string {
  const summary = table(
    ['benchmark', 'baseline req/s', 'subject req/s', 'ratio', 'goal', 'result'],
    results.map((r) => [
      r.name,
      fmtRate(r.baseline?.load.requestsPerSecond),
      fmtRate(r.subject?.load.requestsPerSecond),
      r.ratio === undefined ? '-' : r.ratio.toFixed(3),
      goalText(r),
      status(r),
    ]),
    new Set([1, 2, 3, 4]),
  );
  const latencyRows: string[][] = [];
  const shown = new Set<SideResult>();
  for (const r of results)
    for (const side of ['baseline', 'subject'] as const) {
      const s = r[side];
      // Subjects of one benchmark share their baseline: list it once.
      if (!s || shown.has(s)) continue;
      shown.add(s);
      const l = s.load.latencyMs;
      latencyRows.push([
        r.name,
        side,
        `${s.server} ${s.path}`,
        s.load.requests.toLocaleString('en-US'),
        fmtMs(l.p50),
        fmtMs(l.p95),
        fmtMs(l.p99),
        fmtMs(l.max),
      ]);
    }
  const latency = latencyRows.length
    ? '\n\nLatency (ms)\n' +
      table(['benchmark', 'side', 'request', 'requests', 'p50', 'p95', 'p99', 'max'], latencyRows, new Set([3, 4, 5, 6, 7]))
    : '';
  return summary + latency;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const settings: Settings = {
    seconds: numberFromEnv('BENCH_SECONDS', 5, 0.1),
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 2, 0),
    connections: Math.round(numberFromEnv('BENCH_CONNECTIONS', 10, 1)),
    profileDir: process.env.BENCH_PROFILE === '1' ? join(resultsDir, 'profiles') : undefined,
  };
  const benchmarks = await loadBenchmarks(args.filter((a) => !a.startsWith('-')));
  if (args.includes('--list')) {
    for (const b of benchmarks) console.log(`${b.name.padEnd(24)} goal ${goalText(b)}  ${b.description}`);
    return 0;
  }

  const database = process.env.DATABASE_URL?.trim() ? 'postgres (DATABASE_URL)' : 'pglite';
  pin(process.pid, 1);
  console.log(
    `Bookla bench: ${benchmarks.length} benchmark(s), ${settings.seconds} s each side after ${settings.warmupSeconds} s warm-up, ` +
      `${settings.connections} connections, database ${database}, node ${process.version}, ${os.cpus().length} cpus` +
      `${PIN ? ', server on core 0 and load on core 1 (BENCH_PIN=0: unpinned)' : ''}\n`,
  );
  const [load1] = os.loadavg();
  if (load1 !== undefined && load1 > 0.5)
    console.log(
      `Warning: 1-minute load average is ${load1.toFixed(2)}: the CPU was busy just before (or still is); numbers may be noisy.\n`,
    );
  const startedAt = new Date();
  const results: BenchmarkResult[] = [];
  for (const b of benchmarks) {
    console.log(`• ${b.name}: ${b.description}`);
    for (const r of 'run' in b ? await b.run(settings) : await runBenchmark(b, settings)) {
      results.push(r);
      const p95 = r.subject ? `, p95 ${fmtMs(r.subject.load.latencyMs.p95)} ms` : '';
      const ratio = r.ratio === undefined ? '' : `ratio ${r.ratio.toFixed(3)}`;
      console.log(r.error ? `  ${r.name}: CRASHED` : `  ${r.name}: ${ratio}${p95} (${status(r)})`);
      if (r.error) console.error(`  ${r.error.replaceAll('\n', '\n  ')}`);
    }
  }

  console.log(`\n${report(results)}\n`);
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.json');
  const json = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverageAtStart: load1,
    },
    database,
    settings,
    results,
  };
  writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
  console.log(`Results written to ${file}`);
  if (settings.profileDir)
    console.log(`CPU profiles of the server processes in ${settings.profileDir} (open in Chrome DevTools → Performance)`);

  const crashed = results.filter((r) => r.error);
  const missed = results.filter((r) => !r.error && !r.pass);
  if (missed.length)
    console.log(
      `\nGOAL MISSED by ${missed.length} benchmark(s): ${missed.map((r) => `${r.name} (ratio ${r.ratio?.toFixed(3) ?? '-'}, p95 ${fmtMs(r.subject!.load.latencyMs.p95)} ms; goal ${goalText(r)})`).join(', ')}. Not an error: exit code stays 0.`,
    );
  if (crashed.length) {
    console.error(`\n${crashed.length} benchmark(s) could not be measured: ${crashed.map((r) => r.name).join(', ')}`);
    return 1;
  }
  if (!missed.length) console.log('\nAll goals met.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof UsageError ? err.message : err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
