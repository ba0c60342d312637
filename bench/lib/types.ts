import type { BenchmarkResult, Settings } from './measure.ts';

/** A server started for a benchmark. */
export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** What was started (database kind, …), copied into the results. */
  info: Record<string, string>;
  /** Values a seed produced (ids, a session cookie) that paths and headers name as `{name}`. */
  vars?: Record<string, string>;
  close(): Promise<void>;
}

/** Data a benchmark needs in the app's database before it listens (see bench/seeds/). */
export type SeedName = 'catalogue' | 'checkout' | 'statistics' | 'documents';

export type ServerKind = 'app' | 'hello';

export interface CheckedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One side of a benchmark: which server, and the request sent over and over. */
export interface Target {
  /** Row name when a benchmark has several subjects (`<benchmark>:<label>`). */
  label?: string;
  server: ServerKind;
  method?: 'GET';
  /** May name seed values as `{name}` (e.g. `/api/public/teams/{teamId}/activities`). */
  path: string;
  headers?: Record<string, string>;
  /** This subject's own goal (default: the benchmark's). */
  goal?: number;
  /**
   * Looks at one answer before the load starts; returns a problem or undefined. Without it a
   * fast 404 or 500 would look like a fast endpoint.
   */
  check?: (res: CheckedResponse) => string | undefined;
}

export interface Benchmark {
  name: string;
  /** One line: what is measured. */
  description: string;
  /** The subject must reach at least this fraction of the baseline's requests/s. */
  goal: number;
  baseline: Target;
  /** Several subjects are measured one after the other against one server (and one seed). */
  subject: Target | Target[];
  /** Seeds the app's database before it listens (app subjects only). */
  seed?: SeedName;
  /** Also required: p95 latency of each subject at most this many ms (checked on PostgreSQL only). */
  p95GoalMs?: number;
  /** Concurrent connections for this benchmark (default BENCH_CONNECTIONS; BENCH_CONNECTIONS set explicitly wins). */
  connections?: number;
  /** The app serves the web build (apps/web/dist, `npm run build` first): for pages, not only the API. */
  web?: boolean;
}

/** Identity helper so benchmark files get type checking. */
export const defineBenchmark = (b: Benchmark): Benchmark => b;

/**
 * A benchmark that runs its own sides (e.g. a baseline that is not an HTTP server, like pgbench)
 * and returns results in the common shape, so the runner prints and stores them with the others.
 */
export interface CustomBenchmark {
  name: string;
  description: string;
  goal: number;
  p95GoalMs?: number;
  run(settings: Settings): Promise<BenchmarkResult[]>;
}

export const defineCustomBenchmark = (b: CustomBenchmark): CustomBenchmark => b;
