import {
  minorToDecimal,
  PAID_STATUSES,
  pickText,
  safeRecord,
  type Language,
  type OrderActions,
  type OrderAdminDetail,
  type orderUpdateBodySchema,
  type PaymentStatus,
  type PublicBookingField,
  REFUND_METHODS,
  type RefundMethod,
} from '@bookla/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound, validationError } from '../../../lib/app-error.ts';
import * as repo from './order-admin.repo.ts';
import { orderPayments } from './order-payments-port.ts';
import { addError, checkAnswers, type Fields } from './checkout-cart.ts';
import { getOrderDetail } from './order-list.service.ts';
import { recordOrderEvent, type SellingDeps } from './order-state.service.ts';
import { loadOrderRow, type OrderRow } from './order-view.ts';
import { bookingFieldsOf, type CheckoutField } from './orders.repo.ts';

/**
 * The back office's order edit page: the order detail with what staff may do now, the booking
 * forms (the fields the order's activities ask today, with the answers kept), and the change of
 * customer and participant data, checked by the checkout's own answer rules and written to the
 * order's history with the staff member.
 */

type Answers = Record<string, unknown>;

interface Forms {
  orderFields: CheckoutField[];
  /** Participant fields per order line. */
  lineFields: Map<number, CheckoutField[]>;
  /** The lines whose activity still exists (for the answer engine). */
  lines: { id: number; activityId: number; typeSetId: number }[];
  labels: Map<number, repo.FieldRow>;
}

/** The fields the order's activities ask now: order fields once, participant fields per line. */
async function loadForms(db: DbOrTx, teamId: number, orderId: number): Promise<Forms> {
  const rows = await repo.orderLines(db, teamId, orderId);
  const lines = rows.flatMap((l) =>
    l.activityId !== null && l.typeSetId !== null ? [{ id: l.id, activityId: l.activityId, typeSetId: l.typeSetId }] : [],
  );
  const byActivity = await bookingFieldsOf(db, teamId, [...new Map(lines.map((l) => [l.activityId, l])).values()]);
  const orderFields = new Map<number, CheckoutField>();
  const lineFields = new Map<number, CheckoutField[]>();
  for (const line of lines) {
    const fields = byActivity.get(line.activityId) ?? [];
    for (const f of fields) if (f.scope === 'order' && !orderFields.has(f.id)) orderFields.set(f.id, f);
    lineFields.set(
      line.id,
      fields.filter((f) => f.scope === 'participant'),
    );
  }
  const ids = new Set([...orderFields.keys(), ...[...lineFields.values()].flat().map((f) => f.id)]);
  const labels = new Map((await repo.fieldRows(db, teamId, [...ids])).map((r) => [r.id, r]));
  return { orderFields: [...orderFields.values()], lineFields, lines, labels };
}

function publicField(f: CheckoutField, labels: Forms['labels'], lang: Language): PublicBookingField {
  const row = labels.get(f.id);
  return {
    id: f.id,
    type: f.type,
    label: row ? pickText(row.label, lang) : '',
    help: row ? pickText(row.help, lang) : '',
    options: f.options.map((o) => ({ value: o.value, label: pickText(o.label, lang) || o.value })),
    scope: f.scope,
    required: f.required,
    visible_if: f.visible_if ? { field_id: f.visible_if.field_id, values: [...f.visible_if.values] } : null,
  };
}

const ENDED_UNPAID: readonly PaymentStatus[] = ['declined', 'cancelled', 'expired', 'error'];

/** The occasion of the confirmation staff can send again, or null when the order has none now. */
export function resendOccasion(order: Pick<OrderRow, 'paymentStatus' | 'paymentType'>): 'paid' | 'placed' | null {
  if (order.paymentStatus === 'paid') return 'paid';
  if (order.paymentStatus === 'free' && order.paymentType === 'free') return 'placed';
  if (order.paymentStatus === 'waiting' && order.paymentType === 'invoice') return 'placed';
  return null;
}

/** What staff may do now; the documents as the documents feature hands them out (its `documentRefusal`). */
function actionsOf(order: OrderRow, refundableMinor: number): OrderActions {
  const s = order.paymentStatus;
  return {
    mark_paid: s === 'waiting',
    cancel: s === 'waiting' || s === 'free' || s === 'paid' || s === 'partially-refunded',
    refund: (s === 'paid' || s === 'partially-refunded') && refundableMinor > 0,
    resend: resendOccasion(order) !== null,
    tickets_pdf: PAID_STATUSES.includes(s),
    invoice_pdf: order.paymentType === 'invoice' && !ENDED_UNPAID.includes(s),
    receipt_pdf: order.paidAt !== null && order.totalMinor > 0,
  };
}

/** How a refund of this order moves the money: back through the provider it was paid with online, else only recorded. */
export async function refundMethodOf(db: DbOrTx, teamId: number, orderId: number): Promise<RefundMethod> {
  const method = await orderPayments().refundMethodOf(db, teamId, orderId);
  return (REFUND_METHODS as readonly string[]).includes(method) ? (method as RefundMethod) : 'record';
}

/** `GET /api/orders/{id}`: the order edit page's data; 404 for another team's order. */
export async function getAdminDetail(db: DbOrTx, teamId: number, orderId: number, lang: Language): Promise<OrderAdminDetail> {
  const row = await loadOrderRow(db, teamId, orderId);
  if (!row) throw notFound();
  const [detail, forms, participants, method] = await Promise.all([
    getOrderDetail(db, teamId, orderId, lang),
    loadForms(db, teamId, orderId),
    repo.participantRows(db, teamId, orderId),
    refundMethodOf(db, teamId, orderId),
  ]);
  const refundable =
    row.paymentStatus === 'paid' || row.paymentStatus === 'partially-refunded' ? Math.max(0, row.totalMinor - row.refundedMinor) : 0;
  return {
    ...detail,
    refunded: minorToDecimal(row.refundedMinor, row.currency),
    refundable: minorToDecimal(refundable, row.currency),
    refundable_minor: refundable,
    refund_method: refundable > 0 ? method : null,
    booking: {
      order_fields: forms.orderFields.map((f) => publicField(f, forms.labels, lang)),
      answers: { ...row.answers },
      participants: participants.map((p) => ({
        id: p.id,
        order_item_id: p.orderItemId,
        fields: (forms.lineFields.get(p.orderItemId) ?? []).map((f) => publicField(f, forms.labels, lang)),
        answers: { ...p.answers },
      })),
    },
    actions: actionsOf(row, refundable),
  };
}

// ─── Editing ────────────────────────────────────────────────────────────────

type UpdateBody = z.output<typeof orderUpdateBodySchema>;
type Change = { path: string; from: unknown; to: unknown };

/** Answers to fields the activity no longer asks are kept as they were (history); the others as checked. */
function keepUnasked(stored: Answers, asked: readonly CheckoutField[], checked: Answers): Answers {
  const askedIds = new Set(asked.map((f) => String(f.id)));
  const out = safeRecord();
  for (const [id, value] of Object.entries(stored)) if (!askedIds.has(id)) out[id] = value;
  return Object.assign(out, checked);
}

function diff(changes: Change[], path: string, from: unknown, to: unknown) {
  if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) changes.push({ path, from: from ?? null, to: to ?? null });
}

function diffAnswers(changes: Change[], path: string, from: Answers, to: Answers) {
  for (const id of new Set([...Object.keys(from), ...Object.keys(to)])) diff(changes, `${path}.${id}`, from[id], to[id]);
}

/** Every participant of the order once, by id (422 at `participants.N.id` or `participants`). */
function checkParticipantIds(body: UpdateBody, known: Map<number, { orderItemId: number }>, f: Fields) {
  const seen = new Set<number>();
  body.participants.forEach((p, n) => {
    if (!known.has(p.id)) addError(f, `participants.${n}.id`, 'invalid_value');
    else if (seen.has(p.id)) addError(f, `participants.${n}.id`, 'duplicate');
    seen.add(p.id);
  });
  if ([...known.keys()].some((id) => !seen.has(id))) addError(f, 'participants', 'orders:edit.participants_all');
}

/**
 * `PUT /api/orders/{id}`: customer and participants with their booking answers. The answers go
 * through the checkout's `checkAnswers` (the shared answer engine, the same paths and messages);
 * every change is written to the order's history (`updated`, with the staff member).
 */
export async function updateOrder(
  deps: SellingDeps,
  teamId: number,
  orderId: number,
  userId: number | null,
  body: UpdateBody,
): Promise<{ changed: boolean }> {
  const { db } = deps;
  const row = await loadOrderRow(db, teamId, orderId);
  if (!row) throw notFound();
  const [forms, stored] = await Promise.all([loadForms(db, teamId, orderId), repo.participantRows(db, teamId, orderId)]);
  const known = new Map(stored.map((p) => [p.id, p]));
  const f: Fields = {};
  checkParticipantIds(body, known, f);
  // An order line stands in for the ticket: the engine reads its id, activity and type set.
  const items = forms.lines;
  const lineOf = (id: number) => known.get(id)?.orderItemId ?? 0;
  const checked = await checkAnswers(
    db,
    teamId,
    items,
    { answers: body.answers, participants: body.participants.map((p) => ({ ...p, ticket_id: lineOf(p.id) })) },
    f,
  );
  if (Object.keys(f).length) throw validationError(f);

  const changes: Change[] = [];
  const c = body.customer;
  const customer = {
    salutation: c.salutation?.trim() || null,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    phone: c.phone,
    company: c.company,
    answers: keepUnasked(row.answers, forms.orderFields, checked.order),
  };
  for (const key of ['salutation', 'firstname', 'lastname', 'email', 'phone', 'company'] as const)
    diff(changes, `customer.${key}`, row[key], customer[key]);
  diffAnswers(changes, 'answers', row.answers, customer.answers);
  const people = body.participants.map((p, n) => {
    const before = known.get(p.id)!;
    const after = {
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email || null,
      answers: keepUnasked(before.answers, forms.lineFields.get(before.orderItemId) ?? [], checked.participants[n] ?? {}),
    };
    for (const key of ['firstname', 'lastname', 'email'] as const) diff(changes, `participants.${p.id}.${key}`, before[key], after[key]);
    diffAnswers(changes, `participants.${p.id}.answers`, before.answers, after.answers);
    return { id: p.id, after };
  });
  if (!changes.length) return { changed: false };
  await db.transaction(async (tx) => {
    await repo.updateCustomer(tx, teamId, orderId, customer);
    for (const p of people) await repo.updateParticipant(tx, teamId, orderId, p.id, p.after);
    await recordOrderEvent(tx, teamId, orderId, 'updated', { actor: 'staff', userId }, { changes });
  });
  return { changed: true };
}
