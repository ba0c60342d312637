import { YEARLY_RENEWAL_NOTICE_DAYS, type TierInterval } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { memberships, type RenewalMethod } from '../../../db/schema/index.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { enabledPaymentMethods, getCheckoutTeam, invoiceDueAt } from '../settings/index.ts';
import { writeRenewalOrder } from '../orders/index.ts';
import { queueMembershipNotice } from '../notifications/index.ts';
import { cardPaymentOf, chargeRenewals, prepareRenewalCharge, savedCardProvider, type PaymentDeps } from '../payments/index.ts';
import { queueMembershipMail, type MembershipMailConfig } from './membership.mails.ts';
import { nextPeriod, periodEnd } from './periods.ts';
import * as repo from './subscriptions.repo.ts';

/**
 * A membership's life (CONTRACT §5, issue 24): made when its order settles (free at once, or
 * paid), renewed period by period by the sweep, `past_due` when a renewal stays unpaid past its
 * due date (no bookings), `expired` after the team's grace days, or `cancelled` at the end of the
 * period it was cancelled to. Passes (`once`) expire at their end.
 *
 * Exactly once, whatever runs twice: an order makes one membership per tier line (unique index
 * memberships_order_tier_uq); a period is renewed by a conditional update of its end (two sweeps
 * on two instances: one wins, the other changes nothing) and its `renewed` event is unique per
 * period (membership_events_renewed_uq), so one invoice per period.
 *
 * Card renewals (a membership whose first payment kept the card, `card_payment_id`): the renewal
 * order is written the same way, with a pending attempt of the card's provider whose idempotency
 * key is the order's (payments/recurring.ts); after the commit the card is charged, once per order
 * whatever runs twice. Paid: the order settles the membership as an invoice's payment does.
 * Declined: the attempt fails, the order stays open ("update card" pays it) and the membership is
 * past due at once.
 */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

function renewalMethodOf(interval: TierInterval, totalMinor: number, paymentType: string): RenewalMethod {
  if (interval === 'once') return 'none';
  if (totalMinor === 0 || paymentType === 'free') return 'free';
  if (paymentType === 'invoice') return 'invoice';
  return 'card';
}

/**
 * The orders port's implementation (`orderMemberships().settled`): the order (free, or paid now)
 * makes the membership of each tier line, or — a renewal's invoice — makes its membership active
 * again. Idempotent: settling twice changes nothing more.
 */
export async function settleOrder(tx: DbOrTx, teamId: number, orderId: number, now = new Date()): Promise<void> {
  const lines = rowsOf(
    await tx.execute(sql`
      SELECT i.subscription_tier_id AS tier_id, o.customer_id, o.payment_type, o.is_test, o.total_minor,
        t.subscription_id, t.interval, t.valid_days, t.credits, tm.time_zone
      FROM order_items i
      JOIN orders o ON o.id = i.order_id
      JOIN subscription_tiers t ON t.id = i.subscription_tier_id
      JOIN teams tm ON tm.id = o.team_id
      WHERE i.order_id = ${orderId} AND i.team_id = ${teamId} AND i.subscription_tier_id IS NOT NULL`),
  );
  for (const line of lines) {
    const renewal = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, teamId), eq(memberships.renewalOrderId, orderId)))
      .for('update');
    if (renewal.length) {
      // Paid with a card kept for renewals ("update card"): it replaces the saved one.
      const card = await cardPaymentOf(tx, teamId, orderId);
      for (const m of renewal) {
        const back = m.status === 'past_due' || m.status === 'active';
        await tx
          .update(memberships)
          .set({
            status: back ? 'active' : m.status,
            pastDueSince: null,
            renewalOrderId: null,
            ...(card ? { cardPaymentId: card, renewalMethod: 'card' as const } : {}),
            updatedAt: now,
          })
          .where(eq(memberships.id, m.id));
        await repo.insertEvent(tx, teamId, m.id, { kind: 'payment_received', orderId });
      }
      continue;
    }
    if (line.customer_id === null) continue;
    const interval = line.interval as TierInterval;
    const timeZone = String(line.time_zone);
    const end = periodEnd(now, interval, 1, timeZone, line.valid_days === null ? null : Number(line.valid_days));
    // Paid online with the card kept for renewals: renewals charge it.
    const card = interval === 'once' ? undefined : await cardPaymentOf(tx, teamId, orderId);
    const method = card ? 'card' : renewalMethodOf(interval, Number(line.total_minor), String(line.payment_type));
    const made = rowsOf(
      await tx.execute(sql`
        INSERT INTO memberships (team_id, subscription_id, tier_id, customer_id, order_id, status, renewal_method,
          current_period_start, current_period_end, credits_left, is_test, card_payment_id, created_at, updated_at)
        VALUES (${teamId}, ${Number(line.subscription_id)}, ${Number(line.tier_id)}, ${Number(line.customer_id)}, ${orderId}, 'active',
          ${method}, ${now}, ${end},
          ${line.credits === null ? null : Number(line.credits)}, ${Boolean(line.is_test)}, ${card ?? null}, ${now}, ${now})
        ON CONFLICT (order_id, tier_id) WHERE order_id IS NOT NULL DO NOTHING
        RETURNING id`),
    );
    if (made[0]) await repo.insertEvent(tx, teamId, Number(made[0].id), { kind: 'purchased', orderId, periodEnd: end });
  }
}

export interface SweepResult {
  renewed: number;
  invoiced: number;
  /** Renewals charged to a saved card and paid (pending ones are settled by the provider's webhook). */
  charged: number;
  ended: number;
  pastDue: number;
  expired: number;
  /** Upcoming yearly renewals told. */
  noticed: number;
}

const BATCH = 100;

/**
 * One run of the memberships sweep at `now` (the jobs runner's periodic work; tests pass their
 * own clock): periods that ended are renewed (free: at once; invoice: a new invoice order for the
 * period), ended (cancelled to the period's end, or a pass) — then renewals unpaid past their due
 * date make the membership `past_due`, and `past_due` ones older than the team's grace days expire.
 */
export interface SweepDeps {
  db: Db;
  /** The mails' and the payment providers' configuration (saved cards are opened with the session secret). */
  config: MembershipMailConfig & PaymentDeps['config'];
  log?: PaymentDeps['log'];
}

export async function sweepMemberships(deps: SweepDeps, now = new Date()): Promise<SweepResult> {
  const { db, config } = deps;
  const result: SweepResult = { renewed: 0, invoiced: 0, charged: 0, ended: 0, pastDue: 0, expired: 0, noticed: 0 };
  const due = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(sql`${memberships.status} = 'active' AND ${memberships.currentPeriodEnd} <= ${now}`)
    .orderBy(memberships.currentPeriodEnd)
    .limit(BATCH);
  for (const { id } of due) await db.transaction((tx) => periodEnded(tx, config, id, now, result));
  // Outside any transaction: the providers are asked (the renewals just written, and any whose asker died).
  result.charged += (await chargeRenewals(deps, now)).charged;
  await markPastDue(db, config, now, result);
  await expirePastDue(db, config, now, result);
  await noticeYearlyRenewals(db, config, now, result);
  return result;
}

/** One membership whose period ended: renew it, or end it. Under its row lock; skipped if another sweep has it. */
async function periodEnded(tx: DbOrTx, config: MembershipMailConfig, id: number, now: Date, result: SweepResult): Promise<void> {
  const [m] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.status, 'active'), sql`${memberships.currentPeriodEnd} <= ${now}`))
    .for('update', { skipLocked: true });
  if (!m) return;
  const [tier] = rowsOf(
    await tx.execute(sql`SELECT t.interval, t.credits, t.price_minor, tm.time_zone,
        coalesce((tm.features->>'subscriptions')::boolean, false) AS feature_on
      FROM subscription_tiers t JOIN teams tm ON tm.id = t.team_id WHERE t.id = ${m.tierId}`),
  );
  const interval = tier?.interval as TierInterval | undefined;
  // Passes end; so does a membership cancelled to its period's end, and — the team switched
  // subscriptions off — every membership at the end of the period it holds (no renewal).
  if (!tier || interval === 'once' || m.cancelAtPeriodEnd || m.renewalMethod === 'none' || !tier.feature_on) {
    const status = m.cancelAtPeriodEnd || (tier && !tier.feature_on && interval !== 'once') ? 'cancelled' : 'expired';
    await tx.update(memberships).set({ status, endedAt: m.currentPeriodEnd, updatedAt: now }).where(eq(memberships.id, m.id));
    await repo.insertEvent(tx, m.teamId, m.id, { kind: status === 'cancelled' ? 'cancelled' : 'expired', periodEnd: m.currentPeriodEnd });
    await queueMembershipMail(tx, config, m.id, status === 'cancelled' ? 'cancelled' : 'expired');
    await queueMembershipNotice(tx, m.teamId, m.id, 'ended', now);
    result.ended++;
    return;
  }
  const timeZone = String(tier.time_zone);
  const next = nextPeriod(m.createdAt, interval!, m.currentPeriodEnd, timeZone);
  const paid = m.renewalMethod !== 'free' && Number(tier.price_minor) > 0;
  // The period's renewal, once: the conditional update and the unique event both say so.
  const moved = await tx
    .update(memberships)
    .set({
      currentPeriodStart: next.start,
      currentPeriodEnd: next.end,
      creditsLeft: tier.credits === null ? null : Number(tier.credits),
      updatedAt: now,
    })
    .where(and(eq(memberships.id, m.id), eq(memberships.currentPeriodEnd, m.currentPeriodEnd)))
    .returning({ id: memberships.id });
  if (!moved.length) return;
  let orderId: number | null = null;
  const card = paid && m.renewalMethod === 'card' && m.cardPaymentId ? await savedCardProvider(tx, m.teamId, m.cardPaymentId) : undefined;
  if (card) {
    // The saved card's renewal: an order of the card's provider, charged after the commit. It stays
    // open until the grace days end (a declined charge: "update card" pays it meanwhile).
    const grace = rowsOf(
      await tx.execute(sql`SELECT coalesce(max(membership_grace_days), 14) AS days FROM team_selling_settings WHERE team_id = ${m.teamId}`),
    )[0];
    orderId =
      (await writeRenewalOrder(tx, {
        teamId: m.teamId,
        customerId: m.customerId,
        tierId: m.tierId,
        periodStart: next.start,
        method: card,
        invoiceDueAt: null,
        holdUntil: new Date(now.getTime() + (Number(grace?.days ?? 14) + 1) * 86_400_000),
      })) ?? null;
    if (orderId) {
      await prepareRenewalCharge(tx, m.teamId, orderId);
      await tx.update(memberships).set({ renewalOrderId: orderId }).where(eq(memberships.id, m.id));
    }
  }
  if (paid && !orderId) {
    const team = await getCheckoutTeam(tx, m.teamId);
    // Without a saved card renewals are invoiced; a team that takes no invoices leaves the renewal
    // unpaid, and the membership past due.
    const due =
      team && enabledPaymentMethods(team.settings).includes('invoice')
        ? invoiceDueAt({ now, dueDays: team.settings.invoiceDueDays, firstSessionAt: null, timeZone })
        : null;
    if (due) {
      orderId =
        (await writeRenewalOrder(tx, {
          teamId: m.teamId,
          customerId: m.customerId,
          tierId: m.tierId,
          periodStart: next.start,
          method: 'invoice',
          invoiceDueAt: due,
          holdUntil: due,
        })) ?? null;
    }
    if (orderId) {
      await tx.update(memberships).set({ renewalOrderId: orderId }).where(eq(memberships.id, m.id));
      result.invoiced++;
    } else {
      await tx.update(memberships).set({ status: 'past_due', pastDueSince: now }).where(eq(memberships.id, m.id));
      await repo.insertEvent(tx, m.teamId, m.id, { kind: 'renewal_failed', note: 'no_payment_method' });
      await queueMembershipMail(tx, config, m.id, 'renewal_failed');
      await queueMembershipNotice(tx, m.teamId, m.id, 'past_due', now);
      result.pastDue++;
    }
  }
  await repo.insertEvent(tx, m.teamId, m.id, {
    kind: 'renewed',
    orderId,
    periodEnd: next.end,
    credits: tier.credits === null ? 0 : Number(tier.credits),
  });
  result.renewed++;
}

/**
 * Renewals whose invoice is still unpaid after its due date (or ended unpaid), or whose saved
 * card's charge was declined: the membership is past due (the provider's reason in its history).
 */
async function markPastDue(db: Db, config: MembershipMailConfig, now: Date, result: SweepResult): Promise<void> {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE memberships m SET status = 'past_due', past_due_since = ${now}, updated_at = ${now}
      FROM orders o
      WHERE m.status = 'active' AND m.renewal_order_id = o.id
        AND (o.payment_status IN ('expired', 'cancelled', 'error', 'declined')
          OR (o.payment_status = 'waiting' AND o.invoice_due_at <= ${now})
          OR (o.payment_status = 'waiting' AND EXISTS (SELECT 1 FROM payments p
            WHERE p.order_id = o.id AND p.idempotency_key IS NOT NULL AND p.status IN ('failed', 'expired'))))
      RETURNING m.id, m.team_id, o.id AS order_id,
        (SELECT p.failure FROM payments p WHERE p.order_id = o.id AND p.idempotency_key IS NOT NULL) AS failure`),
  );
  for (const r of rows) {
    const note = r.failure ? `card: ${String(r.failure)}` : null;
    await repo.insertEvent(db, Number(r.team_id), Number(r.id), { kind: 'renewal_failed', orderId: Number(r.order_id), note });
    await queueMembershipMail(db, config, Number(r.id), 'renewal_failed');
    await queueMembershipNotice(db, Number(r.team_id), Number(r.id), 'past_due', now);
    result.pastDue++;
  }
}

/** Past-due memberships past the team's grace days expire. */
async function expirePastDue(db: Db, config: MembershipMailConfig, now: Date, result: SweepResult): Promise<void> {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE memberships m SET status = 'expired', ended_at = ${now}, updated_at = ${now}
      FROM teams tm LEFT JOIN team_selling_settings s ON s.team_id = tm.id
      WHERE tm.id = m.team_id AND m.status = 'past_due'
        AND m.past_due_since + make_interval(days => coalesce(s.membership_grace_days, 14)) <= ${now}
      RETURNING m.id, m.team_id`),
  );
  for (const r of rows) {
    await repo.insertEvent(db, Number(r.team_id), Number(r.id), { kind: 'expired' });
    await queueMembershipMail(db, config, Number(r.id), 'expired');
    await queueMembershipNotice(db, Number(r.team_id), Number(r.id), 'ended', now);
    result.expired++;
  }
}

/**
 * Yearly memberships that renew within YEARLY_RENEWAL_NOTICE_DAYS are told once per period: the
 * conditional update of `renewal_notice_for` claims the mail (two sweeps: one mail).
 */
async function noticeYearlyRenewals(db: Db, config: MembershipMailConfig, now: Date, result: SweepResult): Promise<void> {
  const until = new Date(now.getTime() + YEARLY_RENEWAL_NOTICE_DAYS * 86_400_000);
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE memberships m SET renewal_notice_for = m.current_period_end, updated_at = ${now}
      FROM subscription_tiers t
      WHERE t.id = m.tier_id AND t.interval = 'year' AND m.status = 'active' AND NOT m.cancel_at_period_end
        AND m.renewal_method <> 'none' AND m.current_period_end > ${now} AND m.current_period_end <= ${until}
        AND m.renewal_notice_for IS DISTINCT FROM m.current_period_end
      RETURNING m.id`),
  );
  for (const r of rows) {
    await queueMembershipMail(db, config, Number(r.id), 'renewal_upcoming');
    result.noticed++;
  }
}

/** The memberships sweep every minute, on one instance at a time (lib/periodic.ts). */
export function scheduleMembershipSweep(deps: SweepDeps, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(deps.db, log, {
    name: 'memberships',
    intervalMs: 60_000,
    run: async () => {
      const r = await sweepMemberships({ log, ...deps });
      if (r.renewed || r.charged || r.ended || r.pastDue || r.expired || r.noticed) log.info(r, 'memberships swept');
    },
  });
}
