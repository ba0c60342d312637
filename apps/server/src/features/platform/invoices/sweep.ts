import type { FastifyBaseLogger } from 'fastify';
import type { PlatformStatementResult } from '@bookla/shared';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { platformNow } from './clock.ts';
import { mailUnmailedInvoices } from './invoice-mail.ts';
import { platformMonth, previousMonth, runStatement, type StatementDeps } from './statement.ts';

/**
 * The monthly statement (CONTRACT §6): every hour, on one instance at a time (lib/periodic.ts),
 * the month before the platform clock's month is billed. Only the first run of a month (from
 * midnight of the 1st, Europe/Zurich) creates anything: later ones find every invoice existing
 * (the unique key on team and month), and mail any invoice whose mails were not queued yet.
 */
export async function sweepPlatformStatements(deps: StatementDeps, now: Date): Promise<PlatformStatementResult & { month: string }> {
  const month = previousMonth(platformMonth(now));
  const result = await runStatement(deps, month, now);
  await mailUnmailedInvoices(deps, undefined, now);
  return { month, ...result };
}

export function schedulePlatformStatements(deps: StatementDeps, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(deps.db, log, {
    name: 'platform-statements',
    intervalMs: 60 * 60_000,
    pollMs: 60_000,
    run: () => sweepPlatformStatements({ ...deps, log }, platformNow()),
  });
}
