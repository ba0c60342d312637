import type { FastifyBaseLogger } from 'fastify';
import { expireDueOrders, type SellingDeps } from './order-state.service.ts';

/** Orders ended per batch; a full batch is followed by the next one at once. */
const BATCH = 100;

/**
 * Ends unpaid orders whose hold ran out (invoice due date passed, online payment never completed)
 * every `intervalMs`: seats, products and discount use go back, the customer is told. Started from
 * app.ts when the job loop runs; several instances may run it (expireDueOrders skips rows another
 * one has locked). One run at a time per instance. Returns stop.
 */
export function scheduleOrderExpiry(deps: SellingDeps, log: FastifyBaseLogger, intervalMs = 30_000): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      let ended = 0;
      for (;;) {
        const n = await expireDueOrders(deps, BATCH);
        ended += n;
        if (n < BATCH || stopped) break;
      }
      if (ended) log.info({ expired: ended }, 'unpaid orders expired');
    } catch (err: unknown) {
      log.warn({ err }, 'order expiry failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
