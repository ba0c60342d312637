import { WEBHOOK_TEST_EVENT } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customers, memberships, waitingListEntries } from '../../../db/schema/index.ts';
import { loadOrder, loadOrderRow, toPublicOrder } from '../orders/index.ts';

/** The source event of a webhook event, as the triggers of migration 0029 wrote it. */
export interface SourceEvent {
  teamId: number;
  type: string;
  source: string;
  sourceId: number;
  sourceData: Record<string, unknown>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The payload's `data` (documented in docs/api/webhooks.md), built once when the event is fanned
 * out — so every delivery and every resend of the event sends the same body. Orders are the
 * Order of the back-office API (CONTRACT §4) with their public id, in the order's language.
 */
export async function eventData(db: DbOrTx, e: SourceEvent): Promise<Record<string, unknown>> {
  if (e.type === WEBHOOK_TEST_EVENT) return { message: 'A test event from Bookla: your endpoint receives and verifies deliveries.' };
  if (e.source === 'order') {
    const row = await loadOrderRow(db, e.teamId, e.sourceId);
    const order = row && (await loadOrder(db, e.teamId, e.sourceId));
    if (!row || !order) return { order: null };
    const data: Record<string, unknown> = { order: toPublicOrder(order, row) };
    const d = e.sourceData;
    if (e.type === 'participant.checked_in' && typeof d.participant_id === 'number') data.participant_id = d.participant_id;
    if (e.type === 'order.cancelled') data.reason = d.order_event === 'expired' ? 'unpaid' : (d.by ?? d.actor ?? 'cancelled');
    if (e.type === 'order.refunded') {
      for (const key of ['amount', 'amount_minor', 'credit_note', 'refunded_minor'] as const) if (key in d) data[key] = d[key];
    }
    return data;
  }
  if (e.source === 'waitinglist') {
    const [entry] = await db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.teamId, e.teamId), eq(waitingListEntries.id, e.sourceId)));
    if (!entry) return { entry: null };
    return {
      entry: {
        id: entry.id,
        activity_id: entry.activityId,
        session_id: entry.sessionId,
        firstname: entry.firstname,
        lastname: entry.lastname,
        email: entry.email,
        language: entry.language,
        quantity: entry.quantity,
        status: entry.status,
        offered_at: iso(entry.offeredAt),
        offer_expires_at: iso(entry.offerExpiresAt),
      },
    };
  }
  if (e.source === 'membership') {
    const [m] = await db
      .select({ m: memberships, email: customers.email, firstname: customers.firstname, lastname: customers.lastname })
      .from(memberships)
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eq(memberships.teamId, e.teamId), eq(memberships.id, e.sourceId)));
    if (!m) return { membership: null };
    return {
      change: e.sourceData.change ?? null,
      membership: {
        id: m.m.id,
        subscription_id: m.m.subscriptionId,
        tier_id: m.m.tierId,
        status: m.m.status,
        customer: { email: m.email, firstname: m.firstname, lastname: m.lastname },
        current_period_start: iso(m.m.currentPeriodStart),
        current_period_end: iso(m.m.currentPeriodEnd),
        credits_left: m.m.creditsLeft,
        cancel_at_period_end: m.m.cancelAtPeriodEnd,
        ended_at: iso(m.m.endedAt),
        is_test: m.m.isTest,
      },
    };
  }
  return {};
}
