import type { Language } from '@bookla/shared';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/env.ts';
import type { DocumentRenderer } from './features/selling/documents/document-renderer.ts';
import type { Db } from './db/client.ts';
import type { JobRunner } from './lib/jobs.ts';
import type { PublicReadCache } from './lib/public-cache.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { SessionState } from './plugins/session.ts';

/** What every feature may use; built once in buildApp and decorated onto the instance. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  limiter: RateLimiter;
  jobs: JobRunner;
  mailTransport: Transporter | undefined;
  /** Renders PDFs in worker threads (features/selling/documents), never on the server's thread. */
  pdf: DocumentRenderer;
  /** When the jobs runner (this thread's, or the jobs thread's) last woke up; undefined: not running. GET /api/ready reads it. */
  jobsHeartbeat: () => number | undefined;
  /** Public reads kept in memory by the team's catalogue version (lib/public-cache.ts); served from memory only while its versions are read. */
  publicCache: PublicReadCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    lang: Language;
    t(key: string, params?: Record<string, unknown>): string;
    session: SessionState | null;
  }
  interface FastifyContextConfig {
    /** Set to false on routes that must accept cross-site posts (e.g. payment webhooks). */
    csrf?: boolean;
  }
}
