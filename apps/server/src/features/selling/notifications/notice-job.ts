import type { NotificationEvent } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import { writeMail } from '../../../lib/mailer.ts';
import { loadOrderRow, PROVIDER_NOTICE_JOB, type ProviderNotice } from '../orders/index.ts';
import { noticeMail, type NoticeData } from './notice-mails.ts';
import * as repo from './notifications.repo.ts';

/**
 * The `provider.notice` job (orders enqueue it in the transaction that changed the order,
 * orders/provider-notice-job.ts): records the event once (`team_notification_events`, unique per
 * team and key) and, for a team told immediately, writes one mail per recipient to the outbox —
 * in ONE transaction, so a run that fails leaves nothing and its retry does it all, and a run
 * that repeats (a claim taken over) finds the key and writes nothing. The outbox sends the mails
 * (lib/mailer.ts: retries, backoff). Nothing here can reach the customer's request: a failure is
 * the job's, logged by the runner and retried.
 */
export interface NoticeDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>;
  log?: FastifyBaseLogger;
}

/** The event and its key of a notice, as the order is now; undefined: nothing to tell (yet). */
async function classify(
  db: Db,
  notice: ProviderNotice,
  order: NonNullable<Awaited<ReturnType<typeof loadOrderRow>>>,
): Promise<{ event: NotificationEvent; key: string } | undefined> {
  const data = notice.data ?? {};
  // An order counts once it is free, an invoice order, or paid: an online payment still open (or
  // one that failed) is nothing the provider can rely on yet.
  const counted = order.paidAt !== null || order.paymentType === 'invoice';
  if (notice.kind === 'placed') {
    if (!counted) return undefined;
    const event = (await repo.fromWaitingList(db, order.teamId, order.id)) ? 'waitlist_taken' : 'order_placed';
    // One key for both: an order placed and then paid (or told from both jobs) is told once.
    return { event, key: `placed:${order.id}` };
  }
  if (notice.kind === 'cancelled') return counted ? { event: 'order_cancelled', key: `cancelled:${order.id}` } : undefined;
  const note = Number(data.credit_note ?? 0);
  return { event: data.requested === true ? 'refund_requested' : 'refund_made', key: `refund:${order.id}:${note}` };
}

export async function handleProviderNotice(deps: NoticeDeps, notice: ProviderNotice): Promise<number> {
  const { db, config } = deps;
  const order = await loadOrderRow(db, notice.teamId, notice.orderId);
  if (!order) return 0;
  const what = await classify(db, notice, order);
  if (!what) return 0;
  const extra = notice.data ?? {};
  const data: NoticeData = {
    number: order.number,
    customer: [`${order.firstname} ${order.lastname}`.trim(), order.company].filter(Boolean).join(', '),
    currency: order.currency,
    total_minor: order.totalMinor,
    // A refund's own count (the order may have moved on before the job ran).
    refunded_minor: typeof extra.refunded_minor === 'number' ? extra.refunded_minor : order.refundedMinor,
    payment_type: order.paymentType,
    payment_status: order.paymentStatus,
    is_test: order.isTest,
    ...(typeof extra.amount_minor === 'number' ? { amount_minor: extra.amount_minor } : {}),
    ...(typeof extra.by === 'string' ? { by: extra.by } : {}),
    ...(typeof extra.kept_minor === 'number' ? { kept_minor: extra.kept_minor } : {}),
  };
  const [team, settings, members] = await Promise.all([
    repo.findTeam(db, notice.teamId),
    repo.findSettings(db, notice.teamId),
    repo.listMembers(db, notice.teamId),
  ]);
  if (!team) return 0;
  const events = settings?.events ?? repo.DEFAULT_EVENTS;
  const immediate = (settings?.delivery ?? 'immediate') === 'immediate' && events.includes(what.event);
  return db.transaction(async (tx) => {
    const fresh = await repo.recordEvent(tx, notice.teamId, {
      key: what.key,
      event: what.event,
      orderId: order.id,
      data: { ...data },
      occurredAt: new Date(notice.at),
    });
    if (!fresh || !immediate) return 0;
    let n = 0;
    for (const to of repo.recipientsOf(members)) {
      const mail = noticeMail(config, { teamId: notice.teamId, team: team.name, event: what.event, orderId: order.id, data, to });
      await writeMail(tx, config, mail);
      n++;
    }
    return n;
  });
}

export function registerProviderNoticeJob(runner: JobRunner, deps: NoticeDeps): void {
  runner.register(PROVIDER_NOTICE_JOB, async (payload) => {
    await handleProviderNotice(deps, payload as unknown as ProviderNotice);
  });
}
