import {
  minorToDecimal,
  minorToString,
  type CancellationMode,
  type CancellationQuote,
  type CancellationReply,
  type Language,
} from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { dateLocaleOf, plainSpaces } from '../../../lib/date-locale.ts';
import { translate } from '../../../lib/i18n.ts';
import { onlineRefundOrders, refundThroughProvider, type PaymentDeps } from '../payments/index.ts';
import {
  cancelFreeOrder,
  cancelPaidOrderKeepingPayment,
  endUnpaidOrder,
  orderByLink,
  loadOrderRow,
  type OrderActor,
  type OrderRow,
} from '../orders/index.ts';
import { loadPolicies, quoteFor, type QuoteCore } from './cancellation-policy.ts';
import * as repo from './customer-accounts.repo.ts';
import { queueCancellationMail, refundMailCase } from './customer-mails.ts';

/**
 * Self-service cancellation (issue 12): the customer cancels from the order page (the order
 * link's token) or from "my bookings" (the customer session: own orders only), within the
 * activity's policy (cancellation-policy.ts). The state changes go through the orders' cores with
 * the actor `customer`, so the order's history shows who did it:
 *
 * - free or unpaid → `cancelled` (cancelFreeOrder / endUnpaidOrder), seats released, the order's "ended" mail;
 * - paid, inside the free window → `refunded` in full (payments' refund service): at the provider
 *   it was paid with (never while the order is locked), recorded for test mode, and recorded as owed for invoice and
 *   manual payments (the organiser transfers it; the history and the mail say so);
 * - paid, after the window with late cancellation allowed → `cancelled`, the money stays
 *   (cancelPaidOrderKeepingPayment).
 *
 * The customer confirms what the quote said (`expect`): when it changed meanwhile (the window
 * closed while the dialog was open) nothing happens and the answer is 409 with the new terms.
 */
const CUSTOMER: OrderActor = { actor: 'customer' };
type Deps = PaymentDeps;

type QuoteTeam = { name: string; timeZone: string; country: string };
/** "14 March 2026 at 18:00", in English as the team's country writes it ("March 14, 2026 at 6:00 PM" in the US). */
const when = (d: Date | null, lang: Language, team: QuoteTeam) =>
  d
    ? plainSpaces(
        new Intl.DateTimeFormat(dateLocaleOf(lang, team.country), {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: team.timeZone,
        }).format(d),
      )
    : '';
const amountText = (minor: number, currency: string) => `${currency} ${minorToString(minor, currency)}`;

/** The quote's sentence in the request's language. */
function quoteMessage(q: QuoteCore, order: OrderRow, team: QuoteTeam, lang: Language): string {
  const params = {
    team: team.name,
    date: when(q.freeUntil, lang, team),
    amount: amountText(q.refundMinor || q.keptMinor, order.currency),
  };
  const key = q.allowed
    ? q.mode === 'refund'
      ? `quote.refund_${q.refundMethod}`
      : q.mode === 'no_refund'
        ? 'quote.no_refund'
        : q.freeUntil && q.freeUntil.getTime() > Date.now()
          ? 'quote.cancel_until'
          : 'quote.cancel'
    : q.reason === 'window_passed' && !q.freeUntil
      ? 'quote.not_offered'
      : `quote.${q.reason}`;
  return translate(lang, `customer-accounts:${key}`, params);
}

export function toQuote(q: QuoteCore, order: OrderRow, team: QuoteTeam, lang: Language): CancellationQuote {
  return {
    order_id: order.publicId,
    allowed: q.allowed,
    reason: q.reason,
    mode: q.mode,
    currency: order.currency,
    refund: minorToDecimal(q.refundMinor, order.currency),
    refund_minor: q.refundMinor,
    refund_method: q.refundMethod,
    kept: minorToDecimal(q.keptMinor, order.currency),
    free_until: q.freeUntil ? q.freeUntil.toISOString() : null,
    late_allowed: q.lateAllowed,
    message: quoteMessage(q, order, team, lang),
  };
}

/** What cancelling these orders (of one team) would do now, in three queries for any number. */
export async function quoteOrders(
  db: DbOrTx,
  teamId: number,
  rows: readonly OrderRow[],
  now = new Date(),
): Promise<Map<number, QuoteCore>> {
  const ids = rows.map((r) => r.id);
  const [policies, online] = await Promise.all([loadPolicies(db, teamId, ids, now), onlineRefundOrders(db, teamId, ids)]);
  return new Map(rows.map((r) => [r.id, quoteFor(r, policies.get(r.id)!, online.has(r.id), now)]));
}

// ─── Which order: by its link's token, or the logged-in customer's own ────

/**
 * The order behind its link (by its public id); a wrong or revoked token answers the same 404 as
 * an unknown order. To cancel (`change`), a link past its change window needs a fresh token (403 LINK_STALE).
 */
export async function orderByToken(deps: Deps, publicId: string, token: string | undefined, need: 'view' | 'change'): Promise<OrderRow> {
  return orderByLink(deps, publicId, token, need);
}

/** One of the team's orders placed with the customer's (confirmed) address; anything else: 404. */
export async function ownOrder(db: DbOrTx, teamId: number, customer: repo.CustomerRow, orderId: number): Promise<OrderRow> {
  if (!customer.emailVerifiedAt) throw notFound();
  const row = await loadOrderRow(db, teamId, orderId);
  if (!row || row.email.trim().toLowerCase() !== customer.email.trim().toLowerCase()) throw notFound();
  return row;
}

async function teamOf(db: DbOrTx, teamId: number) {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw notFound();
  return team;
}

export async function quoteOrder(deps: Deps, order: OrderRow, lang: Language): Promise<CancellationQuote> {
  const team = await teamOf(deps.db, order.teamId);
  const q = (await quoteOrders(deps.db, order.teamId, [order])).get(order.id)!;
  return toQuote(q, order, team, lang);
}

const refused = (quote: CancellationQuote) =>
  new AppError('CONFLICT', 'customer-accounts:cancel.refused', { params: { reason: quote.message }, extra: { quote } });

/** Cancels the order as its quote says; 409 when the policy refuses or the terms changed since `expect`. */
export async function cancelOrder(
  deps: Deps,
  order: OrderRow,
  expect: CancellationMode | undefined,
  lang: Language,
): Promise<CancellationReply['data'] & { message: string }> {
  const team = await teamOf(deps.db, order.teamId);
  const core = (await quoteOrders(deps.db, order.teamId, [order])).get(order.id)!;
  const quote = toQuote(core, order, team, lang);
  if (!quote.allowed || !quote.mode) throw refused(quote);
  if (expect && expect !== quote.mode)
    throw new AppError('CONFLICT', 'customer-accounts:cancel.changed', { params: { reason: quote.message }, extra: { quote } });
  const { teamId, id: orderId } = order;
  const ended = () => new AppError('CONFLICT', 'customer-accounts:cancel.ended');
  const reason = 'customer_cancellation';
  let refundedMinor = 0;

  if (quote.mode === 'cancel') {
    const result =
      order.paymentStatus === 'free'
        ? await cancelFreeOrder(deps, { teamId, orderId, who: CUSTOMER, reason })
        : order.paymentStatus === 'waiting'
          ? await endUnpaidOrder(deps, { teamId, orderId, status: 'cancelled', who: CUSTOMER, reason })
          : await cancelPaidOrderKeepingPayment(deps, { teamId, orderId, who: CUSTOMER, reason });
    if (!result.changed) throw ended();
  } else if (quote.mode === 'no_refund') {
    const result = await cancelPaidOrderKeepingPayment(deps, {
      teamId,
      orderId,
      who: CUSTOMER,
      reason,
      within: async (tx, locked) => {
        await queueCancellationMail(tx, deps.config, team.name, locked, 'no_refund', locked.totalMinor - locked.refundedMinor);
      },
    });
    if (!result.changed) throw ended();
  } else {
    refundedMinor = await refund(deps, order, core, team.name);
  }
  const [after] = await deps.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  const messageKey =
    quote.mode === 'refund'
      ? `cancel.done_refund_${quote.refund_method}`
      : quote.mode === 'no_refund'
        ? 'cancel.done_no_refund'
        : 'cancel.done';
  return {
    order_id: order.publicId,
    payment_status: after!.status,
    mode: quote.mode,
    refund: minorToDecimal(refundedMinor, order.currency),
    refund_method: quote.refund_method,
    currency: order.currency,
    message: translate(lang, `customer-accounts:${messageKey}`, { amount: amountText(refundedMinor, order.currency), team: team.name }),
  };
}

/**
 * The full refund of a cancellation inside the free window, through the one refund service: paid
 * online, the money goes back at the provider (outside any order lock; a refusal: 502, nothing
 * changes, the history notes the attempt). Test mode: recorded (no real money moved). Invoice and
 * manual: recorded as owed by the organiser (`method: 'record'`, reason `customer_cancellation_transfer_due`).
 */
async function refund(deps: Deps, order: OrderRow, core: QuoteCore, teamName: string): Promise<number> {
  const { teamId, id: orderId } = order;
  const method = core.refundMethod ?? 'provider';
  const result = await refundThroughProvider(deps, {
    teamId,
    orderId,
    who: CUSTOMER,
    reason: method === 'provider' ? 'customer_cancellation_transfer_due' : 'customer_cancellation',
    // The cancellation's mail below tells the customer, with the refund's credit note.
    mail: false,
  });
  if (!result.changed) throw new AppError('CONFLICT', 'customer-accounts:cancel.ended');
  const [locked] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  await queueCancellationMail(deps.db, deps.config, teamName, locked!, refundMailCase(method), result.amountMinor, result.creditNote);
  return result.amountMinor;
}
