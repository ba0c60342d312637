import type { NotificationEvent } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import { writeMail, type OutgoingMail } from '../../../lib/mailer.ts';
import { loadOrderRow, PROVIDER_NOTICE_JOB, type ProviderNotice } from '../orders/index.ts';
import { isMembershipNotice, MEMBERSHIP_NOTICE_EVENT, type MembershipNotice } from './membership-notice.ts';
import { membershipNoticeMail, noticeMail, type MembershipNoticeData, type NoticeData } from './notice-mails.ts';
import * as repo from './notifications.repo.ts';

/**
 * The `provider.notice` job (orders enqueue it in the transaction that changed the order,
 * orders/provider-notice-job.ts; subscriptions in the one that changed a membership,
 * membership-notice.ts): records the event once (`team_notification_events`, unique per
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

export async function handleProviderNotice(deps: NoticeDeps, notice: ProviderNotice | MembershipNotice): Promise<number> {
  if (isMembershipNotice(notice)) return handleMembershipNotice(deps, notice);
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
  return tell(deps, notice.teamId, { ...what, orderId: order.id, data: { ...data }, occurredAt: new Date(notice.at) }, (team, to) =>
    noticeMail(config, { teamId: notice.teamId, team: team.name, event: what.event, orderId: order.id, data, to }),
  );
}

/**
 * A membership's notice (membership-notice.ts): the member, subscription and tier as they are
 * now, with what the job recorded at the change (the period, who cancelled and to when).
 */
async function handleMembershipNotice(deps: NoticeDeps, notice: MembershipNotice): Promise<number> {
  const { db, config } = deps;
  const m = await repo.findMembership(db, notice.teamId, notice.membershipId);
  if (!m) return 0;
  const event = MEMBERSHIP_NOTICE_EVENT[notice.kind];
  const data: MembershipNoticeData = {
    membership_id: notice.membershipId,
    subscription_id: m.subscriptionId,
    customer: m.customer,
    subscription: m.subscription,
    tier: m.tier,
    period_end: notice.period_end,
    is_test: m.isTest,
    ...(notice.kind === 'cancelled' ? { by: notice.data.by ?? 'staff', mode: notice.data.mode ?? 'period_end' } : {}),
    // An end after a cancellation to the period's end, or after the renewal stayed unpaid.
    ...(notice.kind === 'ended'
      ? { reason: m.cancelAtPeriodEnd && m.status === 'cancelled' ? 'cancelled' : m.pastDueSince ? 'unpaid' : 'expired' }
      : {}),
  };
  const what = {
    event,
    key: notice.key,
    orderId: null,
    membershipId: notice.membershipId,
    data: { ...data },
    occurredAt: new Date(notice.at),
  };
  return tell(deps, notice.teamId, what, (team, to) =>
    membershipNoticeMail(config, { teamId: notice.teamId, team: team.name, where: team, event, data, to }),
  );
}

/**
 * Records the event once and, for a team told immediately of this event, writes one mail per
 * recipient to the outbox — one transaction. Returns the mails written.
 */
async function tell(
  deps: NoticeDeps,
  teamId: number,
  what: repo.NoticeEventInsert,
  mailTo: (team: NonNullable<Awaited<ReturnType<typeof repo.findTeam>>>, to: repo.MemberRow) => OutgoingMail,
): Promise<number> {
  const { db, config } = deps;
  const [team, settings, members] = await Promise.all([
    repo.findTeam(db, teamId),
    repo.findSettings(db, teamId),
    repo.listMembers(db, teamId),
  ]);
  if (!team) return 0;
  const events = settings?.events ?? repo.DEFAULT_EVENTS;
  const immediate = (settings?.delivery ?? 'immediate') === 'immediate' && events.includes(what.event);
  return db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, teamId, what)) || !immediate) return 0;
    let n = 0;
    for (const to of repo.recipientsOf(members)) {
      await writeMail(tx, config, mailTo(team, to));
      n++;
    }
    return n;
  });
}

export function registerProviderNoticeJob(runner: JobRunner, deps: NoticeDeps): void {
  runner.register(PROVIDER_NOTICE_JOB, async (payload) => {
    await handleProviderNotice(deps, payload as unknown as ProviderNotice | MembershipNotice);
  });
}
