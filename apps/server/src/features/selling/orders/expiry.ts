import type { FastifyBaseLogger } from 'fastify';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { expireDueOrders, type SellingDeps } from './order-state.service.ts';

/** Orders ended per batch; a full batch is followed by the next one at once. */
const BATCH = 100;

/**
 * Ends unpaid orders whose hold ran out (invoice due date passed, online payment never completed)
 * every `intervalMs`: seats, products and discount use go back, the customer is told. Started from
 * app.ts when the job loop runs; one instance at a time runs it (lib/periodic.ts), though it would
 * be safe side by side too (expireDueOrders skips rows another one has locked). Returns stop.
 */
export function scheduleOrderExpiry(deps: SellingDeps, log: FastifyBaseLogger, intervalMs = 30_000): () => void {
  return schedulePeriodic(deps.db, log, {
    name: 'orders.expiry',
    intervalMs,
    run: async (stopped) => {
      let ended = 0;
      for (;;) {
        const n = await expireDueOrders(deps, BATCH);
        ended += n;
        if (n < BATCH || stopped()) break;
      }
      if (ended) log.info({ expired: ended }, 'unpaid orders expired');
    },
  });
}
