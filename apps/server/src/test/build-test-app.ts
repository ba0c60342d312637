import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/index.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { pdfPoolFromConfig, type DocumentRenderer } from '../features/selling/documents/index.ts';
import { inject } from 'vitest';
import { watchDocumentedReplies } from './documented-replies.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

let template: Blob | undefined;
let sharedPdf: DocumentRenderer | undefined;

/**
 * One PDF worker pool for every app of this test process: a worker takes a second or two to
 * start (it loads the renderer and PDFKit), and most files build several apps. Its workers are
 * unref'd, so the pool never keeps the process alive; an app's close leaves it open. Apps whose
 * test sets PDF_WORKERS or PDF_QUEUE get a pool of their own (the pool itself is under test there).
 */
function sharedPdfPool(config: Config): DocumentRenderer {
  sharedPdf ??= pdfPoolFromConfig(config);
  const pool = sharedPdf;
  return { render: (input) => pool.render(input), stats: () => pool.stats(), close: async () => {} };
}

/** The migrated and seeded PGlite image made once per run by test/global-setup.ts. */
function pgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplate');
  if (!path) return undefined;
  template ??= new Blob([readFileSync(path)]);
  return template;
}

/**
 * A fresh database: in-memory PGlite, or a new database on the server of DATABASE_URL.
 * `ready` tells whether it is already migrated and seeded (PGlite from the template image).
 */
async function freshDatabase(seed: boolean): Promise<{ database: Database; ready: boolean; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const image = seed ? pgliteTemplate() : undefined;
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: image });
    return { database, ready: image !== undefined, drop: async () => {} };
  }
  const name = `bookla_t_${randomBytes(6).toString('hex')}`;
  const template = seed ? inject('postgresTemplate') : '';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 5 });
  return {
    database,
    ready: Boolean(template),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * CREATE DATABASE, as a copy of the run's migrated template when there is one (test/global-setup.ts).
 * A copy needs the template without connections; autovacuum may hold one for a moment (55006): asked again.
 */
async function createDatabase(admin: pg.Client, name: string, template: string): Promise<void> {
  if (!template) {
    await admin.query(`CREATE DATABASE ${name}`);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface TestAppOptions {
  config?: Partial<Config>;
  limiter?: RateLimiter;
  seed?: boolean;
  logStream?: NodeJS.WritableStream;
  /** A database the test opened itself (migrated and seeded, not dropped on close; the test closes it). */
  database?: Database;
  /** Extra routes for plumbing tests, registered before the app is ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const seed = opts.seed !== false;
  const given = opts.database;
  const { database, ready, drop } = given ? { database: given, ready: true, drop: async () => {} } : await freshDatabase(seed);
  if (!ready) {
    await database.migrate();
    if (seed) await seedReferenceData(database.db);
  }
  const config = loadConfig(
    { NODE_ENV: 'test', APP_URL: 'http://localhost:3000', DATA_DIR: '/tmp/bookla-test' },
    { sessionSecret: 'test-secret-test-secret-test-secret-1234', webDist: undefined, smtpUrl: undefined, ...opts.config },
  );
  const ownPool = opts.config?.pdfWorkers !== undefined || opts.config?.pdfQueue !== undefined;
  const pdf = ownPool ? undefined : sharedPdfPool(config);
  const app = await buildApp({ config, database, limiter: opts.limiter, logStream: opts.logStream, pdf });
  await opts.extend?.(app);
  const replies = watchDocumentedReplies(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!given) await database.close();
      await drop();
      const problems = replies.problems();
      if (problems.length) throw new Error(`Replies the API description does not cover:\n- ${problems.join('\n- ')}`);
    },
  };
}

/** A cookie jar + CSRF-aware client over app.inject(), like a browser using the SPA. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private app: FastifyInstance,
    private headers: Record<string, string> = {},
  ) {}

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async csrf() {
    const res = await this.request('GET', '/sanctum/csrf-cookie');
    return res;
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const unsafe = method !== 'GET';
    if (unsafe && !this.cookies.has('XSRF-TOKEN') && headers['x-xsrf-token'] === undefined) await this.csrf();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await this.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: {
        ...this.headers,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(unsafe && xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...headers,
      },
    });
    this.absorb(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
}
