/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling — its defaults) on the public
 * pages of a production build, against the real server that this script starts itself (embedded
 * PGlite in a fresh DATA_DIR under /tmp, its own port). Prints the four scores per page and
 * fails (exit 1) when one is below the goal (issue 13: ≥ 95 in performance, accessibility, best
 * practices and SEO). Needs `npm run build` first and Debian's Chromium.
 *
 * The CPU slowdown is calibrated to the host, as Lighthouse's documentation says to (calibrate):
 * the same mid-tier phone is emulated on a fast and on a slow machine.
 *
 * Pages run one after another (two cores: parallel runs would disturb each other's timings).
 * Scores vary from run to run (the login page's total blocking time alone moves its performance
 * score between 92 and 100 on a quiet machine): a page that misses the goal is measured twice
 * more and judged by the median of its three runs, and when that misses too, by the median of
 * five (Lighthouse's own guidance on variability recommends five). Each run waits for a quiet
 * machine first (quietMachine): in CI a run right after the test steps, or beside a busy
 * neighbour on the host, measured the machine's load instead of the page (TBT 663 ms once).
 *
 *   LIGHTHOUSE_PORT (3599), LIGHTHOUSE_MIN (95), LIGHTHOUSE_OUT (a new /tmp folder for the JSON
 *   reports), CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_PAGES (comma-separated paths)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3599);
const goal = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = process.env.LIGHTHOUSE_OUT ?? mkdtempSync(join(tmpdir(), 'bookla-lighthouse-'));
const base = `http://127.0.0.1:${port}`;

/** The landing page, a login page, a content page and the demo provider's shop. */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/en/provider,/de/login,/en/agb,/en/shop/demo').split(',').filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

const cli = join(dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli', 'index.js');

function startServer(dataDir: string): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return server;
}

async function waitForHealth(server: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${base}/api/health within ${timeoutMs / 1000} s`);
}

/**
 * Lighthouse's CPU slowdown for this host. Its default 4× "moves a typical run in the high-end
 * desktop bracket [benchmark index 1500–2000] into the mid-tier mobile bracket"; on a weaker host
 * its documentation (docs/throttling.md, "Calibrating the CPU slowdown") says to lower it, and its
 * table suggests 2× from a low-end desktop (index 1000–1500) to the same mid-tier phone. So the
 * target device stays the same on every machine: 4× from an index of 1750 (the high-end bracket's
 * middle) up, 2× at 1250 (the low-end bracket's middle), linear between, never under 1×. Set by
 * `calibrate` from the median index of three runs on a light page; LIGHTHOUSE_CPU_SLOWDOWN
 * overrides it.
 */
let cpuSlowdown = 4;
const fixedSlowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) > 0 ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : 0;
function slowdownFor(benchmarkIndex: number): number {
  const m = 2 + ((benchmarkIndex - 1250) / 500) * 2;
  return Math.round(Math.min(4, Math.max(1, m)) * 10) / 10;
}

function runLighthouse(url: string, report: string, categories: readonly string[] = CATEGORIES): Promise<Scores> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--output=json',
        `--output-path=${report}`,
        `--chrome-path=${chromium}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        `--only-categories=${categories.join(',')}`,
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
        '--quiet',
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with code ${code} for ${url}`));
      const result = JSON.parse(readFileSync(report, 'utf8')) as Report;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.categories[c]?.score ?? 0) * 100)])) as Scores;
      benchmarkOf.set(scores, result.environment?.benchmarkIndex ?? 0);
      resolve(scores);
      metricsOf.set(scores, metrics(result));
    });
  });
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
}

/** What a performance score is made of, printed for a run below the goal (to see why on another machine). */
const METRICS: [string, string][] = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
function metrics(report: Report): string {
  const values = METRICS.map(([id, label]) => {
    const value = report.audits[id]?.numericValue;
    if (value === undefined) return `${label} ?`;
    return label === 'CLS' ? `${label} ${value.toFixed(3)}` : `${label} ${Math.round(value)} ms`;
  });
  return `${values.join(', ')}; CPU benchmark index ${Math.round(report.environment?.benchmarkIndex ?? 0)}`;
}
const metricsOf = new WeakMap<Scores, string>();
const benchmarkOf = new WeakMap<Scores, number>();

/** The host's benchmark index (median of three quick runs on a light page) and the CPU slowdown for it. */
async function calibrate(): Promise<void> {
  if (fixedSlowdown) {
    cpuSlowdown = fixedSlowdown;
    print(`CPU slowdown ${cpuSlowdown}× (LIGHTHOUSE_CPU_SLOWDOWN)`);
    return;
  }
  const indexes: number[] = [];
  for (const n of [1, 2, 3]) {
    const run = await measure(`${base}/en/agb`, join(out, `calibration-${n}.json`), ['performance'], false);
    indexes.push(benchmarkOf.get(run) ?? 0);
  }
  const index = [...indexes].sort((a, b) => a - b)[1]!;
  cpuSlowdown = slowdownFor(index);
  print(
    `CPU benchmark index of this host ${Math.round(index)} (runs: ${indexes.map(Math.round).join(', ')}): CPU slowdown ${cpuSlowdown}× to emulate a mid-tier phone (Lighthouse's 4× assumes a host of 1500–2000)`,
  );
}

/** Lines of the report (stdout; the console is for warnings and errors here). */
const print = (text: string) => process.stdout.write(`${text}\n`);

/** CPU time counters of the whole machine (/proc/stat): busy includes steal (other guests on the host). */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
  } catch {
    return null; // not Linux: no waiting
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Waits (up to 60 s) until the machine has been quiet for two seconds in a row (under 30 % of its
 * CPU busy, steal included), so a run measures the page rather than whatever else still ran (CI
 * steps that just ended, a neighbour on the host). Returns the busy share of the last second.
 */
async function quietMachine(): Promise<number> {
  let quiet = 0;
  let share = 0;
  const until = Date.now() + 60_000;
  while (Date.now() < until && quiet < 2) {
    const a = cpuTimes();
    await sleep(1000);
    const b = cpuTimes();
    if (!a || !b || b.total === a.total) return 0;
    share = (b.busy - a.busy) / (b.total - a.total);
    quiet = share < 0.3 ? quiet + 1 : 0;
  }
  return share;
}
const busyOf = new WeakMap<Scores, number>();

/**
 * One measurement; Lighthouse itself sometimes fails to record a page load on a busy machine
 * (NO_NAVSTART, an interstitial): such a run is repeated, up to three tries.
 *
 * The host's speed also changes from minute to minute (a CI run on 2026-11-30: calibrated at an
 * index of 2351, then runs at 957-2339 on a quiet machine: the host's other guests). Each run
 * reports the index it measured at its start; a run whose own index calls for a slowdown at
 * least 0.5× away from the one it ran with emulated another phone than the goal's, so it is
 * measured again with the slowdown for that index (once per run; later runs start from it).
 * Without a fixed LIGHTHOUSE_CPU_SLOWDOWN only.
 */
async function measure(url: string, report: string, categories: readonly string[] = CATEGORIES, recalibrate = true): Promise<Scores> {
  let recalibrated = !recalibrate;
  for (let attempt = 1; ; attempt += 1) {
    let scores: Scores;
    try {
      const busy = await quietMachine();
      scores = await runLighthouse(url, report, categories);
      busyOf.set(scores, busy);
      slowdownOf.set(scores, cpuSlowdown);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${(error as Error).message}; trying again`);
      continue;
    }
    const index = benchmarkOf.get(scores) ?? 0;
    const implied = slowdownFor(index);
    if (fixedSlowdown || recalibrated || index <= 0 || Math.abs(implied - cpuSlowdown) < 0.5) return scores;
    print(
      `    (${url.replace(base, '')}: this run measured the host at an index of ${Math.round(index)}: measured again with a CPU slowdown of ${implied}× instead of ${cpuSlowdown}×)`,
    );
    cpuSlowdown = implied;
    recalibrated = true;
  }
}
const slowdownOf = new WeakMap<Scores, number>();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianOf = (runs: Scores[]) => Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Scores;
const passes = (s: Scores) => CATEGORIES.every((c) => s[c] >= goal);
const line = (label: string, s: Scores) => `${label.padEnd(22)} ${CATEGORIES.map((c) => `${c} ${String(s[c]).padStart(3)}`).join('  ')}`;

async function main(): Promise<number> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.error('No production build: run `npm run build` first.');
    return 2;
  }
  if (!existsSync(chromium)) {
    console.error(`No Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    return 2;
  }
  mkdirSync(out, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bookla-lighthouse-data-'));
  const server = startServer(dataDir);
  let failed = 0;
  try {
    await waitForHealth(server);
    print(`Lighthouse ${goal}+ on ${base} (mobile, simulated throttling); reports in ${out}`);
    await calibrate();
    for (const path of PAGES) {
      const name = path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'root';
      try {
        const runs = [await measure(`${base}${path}`, join(out, `${name}-1.json`))];
        if (!passes(runs[0]!)) {
          print(line(`${path} (run 1)`, runs[0]!));
          for (const n of [2, 3]) runs.push(await measure(`${base}${path}`, join(out, `${name}-${n}.json`)));
          if (!passes(medianOf(runs))) {
            for (const n of [4, 5]) runs.push(await measure(`${base}${path}`, join(out, `${name}-${n}.json`)));
          }
        }
        const score = medianOf(runs);
        const ok = passes(score);
        if (!ok) failed += 1;
        print(`${line(path, score)}  ${ok ? 'ok' : `BELOW ${goal}`}${runs.length > 1 ? ` (median of ${runs.length})` : ''}`);
        if (!ok)
          for (const [i, run] of runs.entries())
            print(
              `    run ${i + 1}: performance ${run.performance}: ${metricsOf.get(run) ?? ''}; CPU slowdown ${slowdownOf.get(run) ?? '?'}×; CPU busy before it ${Math.round((busyOf.get(run) ?? 0) * 100)} %`,
            );
      } catch (error) {
        failed += 1;
        print(`${path.padEnd(22)} not measured: ${(error as Error).message}`);
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Not in the "N passed, N failed" form: CI reads such a last line as the test runner's count.
  print(failed ? `Lighthouse goal missed on ${failed} of ${PAGES.length} pages` : `Lighthouse goal met on all ${PAGES.length} pages`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
