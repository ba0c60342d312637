/** A server started for a benchmark. */
export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** What was started (database kind, …), copied into the results. */
  info: Record<string, string>;
  close(): Promise<void>;
}

export type ServerKind = 'app' | 'hello';

export interface CheckedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One side of a benchmark: which server, and the request sent over and over. */
export interface Target {
  server: ServerKind;
  method?: 'GET';
  path: string;
  headers?: Record<string, string>;
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
  subject: Target;
}

/** Identity helper so benchmark files get type checking. */
export const defineBenchmark = (b: Benchmark): Benchmark => b;
