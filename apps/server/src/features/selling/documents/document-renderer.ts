import { threadId } from 'node:worker_threads';
import type { Config } from '../../../config/env.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createWorkerPool, PoolBusyError, type WorkerPool, type WorkerPoolStats } from '../../../lib/worker-pool.ts';
import { renderDocumentPdf, type DocumentRenderInput, type RenderOutput } from './render-worker.ts';

/**
 * Where PDFs are rendered. The server uses a pool of worker threads (`createPdfPool`): rendering
 * 200 tickets takes a quarter to half a second of CPU, and on the server's thread every other
 * request would wait for it. The jobs thread (PostgreSQL) is a worker thread already, at low
 * priority: it renders its mail attachments where it is (`inThreadRenderer`).
 *
 * Refusals are translated 503s with Retry-After, never a 500 and never a crashed process:
 * every worker busy and the queue full (`documents:errors.busy`), or the render failed in its
 * worker (`documents:errors.render_failed`, logged).
 */

export interface DocumentRenderer {
  render(input: DocumentRenderInput): Promise<{ content: Buffer; threadId: number }>;
  stats(): WorkerPoolStats | undefined;
  close(): Promise<void>;
}

/** Seconds a client is asked to wait after a busy 503. */
export const BUSY_RETRY_SECONDS = 5;

export const busyError = () => new AppError('SERVICE_UNAVAILABLE', 'documents:errors.busy', { params: { seconds: BUSY_RETRY_SECONDS } });
const failedError = () => new AppError('SERVICE_UNAVAILABLE', 'documents:errors.render_failed', { params: { seconds: 30 } });

export interface PdfPoolOptions {
  size: number;
  maxQueue: number;
  taskTimeoutMs?: number;
  log?: { error(obj: object, msg: string): void };
}

/** The server's renderer: `size` worker threads, at most `maxQueue` renders waiting. */
export function createPdfPool(opts: PdfPoolOptions): DocumentRenderer {
  const pool: WorkerPool<DocumentRenderInput, RenderOutput> = createWorkerPool({
    module: new URL('./render-worker.ts', import.meta.url),
    size: opts.size,
    maxQueue: opts.maxQueue,
    taskTimeoutMs: opts.taskTimeoutMs ?? 60_000,
    // A runaway document ends its worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    onWorkerError: (err) => opts.log?.error({ err }, 'PDF worker failed'),
  });
  return {
    async render(input) {
      try {
        const out = await pool.run(input);
        return { content: Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength), threadId: out.threadId };
      } catch (err) {
        if (err instanceof PoolBusyError) throw busyError();
        opts.log?.error({ err, kind: input.kind, orderId: input.ctx?.order?.id }, 'PDF render failed');
        throw failedError();
      }
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

export function pdfPoolFromConfig(config: Pick<Config, 'pdfWorkers' | 'pdfQueue'>, log?: PdfPoolOptions['log']): DocumentRenderer {
  return createPdfPool({ size: config.pdfWorkers, maxQueue: config.pdfQueue, log });
}

/** Renders on the calling thread: for a thread that is not the server's (the jobs thread). */
export const inThreadRenderer: DocumentRenderer = {
  async render(input) {
    return { content: await renderDocumentPdf(input), threadId };
  },
  stats: () => undefined,
  close: async () => {},
};
