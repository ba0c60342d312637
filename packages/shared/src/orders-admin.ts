import { z } from 'zod';
import { isIsoDate } from './booking-answers.ts';
import { idSchema } from './catalogue.ts';
import { moneyInputSchema, publicBookingFieldSchema } from './catalogue-tickets.ts';
import { listQuerySchema, normalizeListQuery } from './pagination.ts';
import { ownValue } from './safe-keys.ts';
import { answersInputSchema, orderBodySchema, orderDetailSchema, PAYMENT_STATUS_VALUES } from './selling.ts';

/**
 * Orders in the back office (operations): the order list's query (spec §7 `GET /api/orders`,
 * §9 page size 10 by id descending), the order edit page's reply and body, and the staff actions
 * (refund, cancel, resend, mass actions, CSV export of selected orders). The Order itself is
 * CONTRACT §4's (`orderSchema` in selling.ts); the edit page's reply extends the order detail.
 */

// ─── List ───────────────────────────────────────────────────────────────────

/** Sort fields of `GET /api/orders`; any other `sort[field]` answers 422. */
export const ORDER_ADMIN_SORT_FIELDS = [
  'id',
  'number',
  'created_at',
  'paid_at',
  'total',
  'payment_status',
  'payment_type',
  'lastname',
  'email',
] as const;
export type OrderAdminSortField = (typeof ORDER_ADMIN_SORT_FIELDS)[number];

/**
 * `columnFilters[…]` of the order list (the screen's filters):
 * - `number`: the order number (`12` or `#12`);
 * - `name`: customer, company or participant name (part of it);
 * - `email`: the customer's or a participant's e-mail (part of it);
 * - `activity_id`: orders with a line of this activity;
 * - `payment_status`: one status or several, comma separated (unknown values match nothing);
 * - `payment_type`: one type or several, comma separated (unknown values match nothing);
 * - `created_from` / `created_to`: days `YYYY-MM-DD` in the company's time zone, both included;
 * - `search`: number, name, e-mail or company in one box.
 */
export const ORDER_FILTER_KEYS = [
  'search',
  'number',
  'name',
  'email',
  'activity_id',
  'payment_status',
  'payment_type',
  'created_from',
  'created_to',
] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];

const NUMBER_RE = /^#?\s*\d{1,9}$/;
const ID_RE = /^\d{1,10}$/;

function checkListQuery(q: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message = 'invalid_value') => ctx.addIssue({ code: 'custom', path, message });
  const sort = q.sort;
  if (sort && typeof sort === 'object') {
    const field = ownValue(sort, 'field');
    const type = ownValue(sort, 'type');
    if (field !== undefined && field !== null && field !== '' && !(ORDER_ADMIN_SORT_FIELDS as readonly unknown[]).includes(field))
      issue(['sort', 'field']);
    if (type !== undefined && type !== null && type !== '' && type !== 'asc' && type !== 'desc') issue(['sort', 'type']);
  }
  const filters = q.columnFilters;
  if (!filters || typeof filters !== 'object') return;
  const text = (key: string) => {
    const v = ownValue(filters, key);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const number = text('number');
  if (number !== undefined && !NUMBER_RE.test(number)) issue(['columnFilters', 'number'], 'number');
  const activity = text('activity_id');
  if (activity !== undefined && (!ID_RE.test(activity) || Number(activity) < 1 || Number(activity) > 2_147_483_647))
    issue(['columnFilters', 'activity_id']);
  const from = text('created_from');
  const to = text('created_to');
  if (from !== undefined && !isIsoDate(from)) issue(['columnFilters', 'created_from'], 'date');
  if (to !== undefined && !isIsoDate(to)) issue(['columnFilters', 'created_to'], 'date');
  if (from && to && isIsoDate(from) && isIsoDate(to) && from > to) issue(['columnFilters', 'created_to'], 'ends_on_before_starts_on');
}

/**
 * `GET /api/orders` query (CONTRACT §2): page, perPage (default 10, at most 100), sort (default id
 * descending; a field off the whitelist or a direction other than asc/desc: 422), columnFilters
 * (malformed number, activity or dates: 422), language.
 */
export const orderAdminListQuerySchema = z
  .preprocess(normalizeListQuery, z.unknown())
  .superRefine((q, ctx) => checkListQuery(q as Record<string, unknown>, ctx))
  .pipe(listQuerySchema(ORDER_ADMIN_SORT_FIELDS, 'id', 10));
export type OrderAdminListQuery = z.output<typeof orderAdminListQuerySchema>;

// ─── Edit page ──────────────────────────────────────────────────────────────

/** How a refund moves the money: back through the provider the order was paid with, or only recorded (invoice, test mode, manual). */
export const REFUND_METHODS = ['stripe', 'datatrans', 'record'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

const answersSchema = z.record(z.string(), z.unknown());

/** A participant's booking form: the fields asked for its activity (current definition) and the answers kept. */
export const orderParticipantFormSchema = z.object({
  id: z.number(),
  order_item_id: z.number(),
  fields: z.array(publicBookingFieldSchema),
  answers: answersSchema,
});
export type OrderParticipantForm = z.infer<typeof orderParticipantFormSchema>;

/** What staff may do with the order now (the server checks again on every call). */
export const orderActionsSchema = z.object({
  mark_paid: z.boolean(),
  cancel: z.boolean(),
  refund: z.boolean(),
  resend: z.boolean(),
  tickets_pdf: z.boolean(),
  invoice_pdf: z.boolean(),
  receipt_pdf: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

/**
 * `GET /api/orders/{id}` (and the replies of every order action): the order detail (Order, its
 * history, payments, platform fee) with the money refunded and still refundable, the booking
 * forms (order fields and answers, each participant's fields and answers) and the actions open.
 */
export const orderAdminDetailSchema = orderDetailSchema.extend({
  refunded: z.number(),
  refundable: z.number(),
  refundable_minor: z.number(),
  refund_method: z.enum(REFUND_METHODS).nullable(),
  booking: z.object({
    order_fields: z.array(publicBookingFieldSchema),
    answers: answersSchema,
    participants: z.array(orderParticipantFormSchema),
  }),
  actions: orderActionsSchema,
});
export type OrderAdminDetail = z.infer<typeof orderAdminDetailSchema>;

const participantBody = orderBodySchema.shape.participants.element.omit({ ticket_id: true }).extend({ id: idSchema });

/**
 * `PUT /api/orders/{id}`: the customer and every participant of the order (each once, by id),
 * with the booking answers. Answers are checked with the shared answer engine exactly as at
 * checkout (422 at `answers.<fieldId>`, `participants.N.answers.<fieldId>`).
 */
export const orderUpdateBodySchema = z.strictObject({
  customer: orderBodySchema.shape.customer,
  answers: answersInputSchema,
  participants: z.array(participantBody).max(500),
});
export type OrderUpdateBody = z.input<typeof orderUpdateBodySchema>;

// ─── Actions ────────────────────────────────────────────────────────────────

/**
 * `POST /api/orders/{id}/refund`: `amount` in the order's currency (`12.50`, `"12,50"`); left out:
 * everything still refundable. More than paid minus refunded: 422 at `amount`.
 */
export const orderRefundBodySchema = z.strictObject({
  amount: moneyInputSchema.nullish(),
  reason: z.string().trim().max(500).nullish(),
});
export type OrderRefundBody = z.input<typeof orderRefundBodySchema>;

/**
 * `POST /api/orders/{id}/cancel`: unpaid and free orders are cancelled (seats released); a paid
 * order only with `refund: true` (everything still paid is refunded, then its seats are released).
 */
export const orderCancelBodySchema = z.strictObject({ refund: z.boolean().optional() }).nullish();
export type OrderCancelBody = z.input<typeof orderCancelBodySchema>;

/** `POST /api/orders/{id}/mark-paid`, `/resend` and `/revoke-links`: the path names the action; the body is empty. */
export const orderActionBodySchema = z.strictObject({}).nullish();

export const ORDER_BULK_ACTIONS = ['mark-paid', 'resend'] as const;
export type OrderBulkAction = (typeof ORDER_BULK_ACTIONS)[number];

/** `POST /api/orders/bulk`: one action on the selected orders (at most 100). */
export const orderBulkBodySchema = z.strictObject({
  action: z.enum(ORDER_BULK_ACTIONS),
  ids: z.array(idSchema).min(1).max(100),
});
export type OrderBulkBody = z.input<typeof orderBulkBodySchema>;

/** Per order: done or not, with the reason in the request's language (an unknown id: not found). */
export const orderBulkResultSchema = z.object({
  id: z.number(),
  ok: z.boolean(),
  payment_status: z.enum(PAYMENT_STATUS_VALUES).nullable(),
  message: z.string().nullable(),
});
export const orderBulkReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  done: z.number(),
  failed: z.number(),
  results: z.array(orderBulkResultSchema),
});
export type OrderBulkReply = z.infer<typeof orderBulkReplySchema>;

/** Ids as `ids=1,2,3` or `ids[]=1&ids[]=2` (CONTRACT §2), at most 1000. */
const idListSchema = z.preprocess((raw) => {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined ? [] : [raw];
  return list.map((v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v));
}, z.array(idSchema).min(1).max(1000));

/** `GET /api/orders/export?ids=1,2&format=csv`: the selected orders as CSV (UTF-8). */
export const orderExportQuerySchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const r = raw as Record<string, unknown>;
    return { format: ownValue(r, 'format') ?? 'csv', ids: ownValue(r, 'ids') ?? ownValue(r, 'ids[]'), language: ownValue(r, 'language') };
  },
  z.object({
    format: z.literal('csv'),
    ids: idListSchema,
    language: z.unknown().optional(),
  }),
);
