/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling — its defaults) on the public
 * pages of a production build, against the real server that this script starts itself (embedded
 * PGlite in a fresh DATA_DIR under /tmp, its own port). Prints the four scores per page and
 * fails (exit 1) when one is below the goal (issue 13: ≥ 95 in performance, accessibility, best
 * practices and SEO). Needs `npm run build` first and Debian's Chromium.
 *
 * Pages run one after another (two cores: parallel runs would disturb each other's timings).
 * Scores vary from run to run (the login page's total blocking time alone moves its performance
 * score between 92 and 100 on a quiet machine): a page that misses the goal is measured twice
 * more and judged by the median of its three runs, and when that misses too, by the median of
 * five (Lighthouse's own guidance on variability recommends five).
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

function runLighthouse(url: string, report: string): Promise<Scores> {
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
        `--only-categories=${CATEGORIES.join(',')}`,
        '--quiet',
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with code ${code} for ${url}`));
      const result = JSON.parse(readFileSync(report, 'utf8')) as Report;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.categories[c]?.score ?? 0) * 100)])) as Scores;
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

/** Lines of the report (stdout; the console is for warnings and errors here). */
const print = (text: string) => process.stdout.write(`${text}\n`);
/**
 * One measurement; Lighthouse itself sometimes fails to record a page load on a busy machine
 * (NO_NAVSTART, an interstitial): such a run is repeated, up to three tries.
 */
async function measure(url: string, report: string): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, report);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${(error as Error).message}; trying again`);
    }
  }
}

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
          for (const [i, run] of runs.entries()) print(`    run ${i + 1}: performance ${run.performance}: ${metricsOf.get(run) ?? ''}`);
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
