import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { listReplySchema } from './replies.ts';
import { PAYMENT_STATUS_VALUES } from './selling.ts';

/**
 * Operations: additional sales (`/backend/orders/additional_sales`), participants
 * (`/backend/customers/participant`) and order customers (`/backend/customers/order`): the
 * request and reply shapes both sides use. Lists follow CONTRACT §2; money in replies is a
 * decimal number in major units with its currency, as everywhere.
 */

// ─── Additional sales ───────────────────────────────────────────────────────

/**
 * One product sold with one activity, summed over the paid orders of the period (a ticket — and
 * what comes with it — counts as sold when its participant is paid, spec §4). `id` is the row's
 * position in the whole list (stable for a given query), for tables that key their rows.
 */
export const additionalSaleSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  activity_id: z.number().nullable(),
  activity_name: z.string().nullable(),
  quantity: z.number(),
  /** What the product brought in: the line totals after their share of a discount, VAT included. */
  revenue: z.number(),
  /** The VAT contained in `revenue`. */
  tax: z.number(),
  currency: z.string(),
  /** How many paid orders had it. */
  order_count: z.number(),
});
export type AdditionalSale = z.infer<typeof additionalSaleSchema>;

/** The sums over every row of the filtered list (not only the page), per currency. */
export const additionalSalesTotalSchema = z.object({ currency: z.string(), quantity: z.number(), revenue: z.number(), tax: z.number() });
export type AdditionalSalesTotal = z.infer<typeof additionalSalesTotalSchema>;

export const ADDITIONAL_SALES_SORT_FIELDS = ['revenue', 'quantity', 'tax', 'product_name', 'activity_name'] as const;
export type AdditionalSalesSortField = (typeof ADDITIONAL_SALES_SORT_FIELDS)[number];

/**
 * `GET /api/orders/additional_sales`: page, perPage, sort (default revenue descending) and
 * `columnFilters`: `from`, `to` (YYYY-MM-DD, the order date in the team's time zone, both
 * inclusive), `activity_id`, `product_id`, `search` (product name).
 */
export const additionalSalesQuerySchema = listQuerySchema(ADDITIONAL_SALES_SORT_FIELDS, 'revenue', 25);

export const additionalSalesReplySchema = listReplySchema(additionalSaleSchema).extend({
  totals: z.array(additionalSalesTotalSchema),
});
export type AdditionalSalesReply = z.infer<typeof additionalSalesReplySchema>;

// ─── Participants ───────────────────────────────────────────────────────────

/** A booking-field answer as shown: the field's label and the answer, both as text in the request language. */
export const participantAnswerSchema = z.object({
  field_id: z.number(),
  label: z.string(),
  value: z.string(),
  /** `participant`: asked per participant; `order`: asked once per order (shown for each of its participants). */
  scope: z.enum(['participant', 'order']),
});
export type ParticipantAnswer = z.infer<typeof participantAnswerSchema>;

/** What the participants filter groups payment statuses into (`paid` = paid, free, partially refunded). */
export const PARTICIPANT_STATUS_FILTERS = ['paid', 'unpaid', 'cancelled'] as const;
export type ParticipantStatusFilter = (typeof PARTICIPANT_STATUS_FILTERS)[number];

export const participantRowSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  order_id: z.number(),
  order_number: z.number(),
  /** The buyer's name and e-mail (the participant's own e-mail is optional). */
  buyer_name: z.string(),
  buyer_email: z.string(),
  activity_id: z.number().nullable(),
  activity_name: z.string(),
  /** The ticket's own date (a drop-in ticket), else null: a ticket for the whole activity. */
  session_id: z.number().nullable(),
  session_starts_at: z.string().nullable(),
  ticket_name: z.string(),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  paid_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  answers: z.array(participantAnswerSchema),
});
export type ParticipantRow = z.infer<typeof participantRowSchema>;

export const PARTICIPANT_SORT_FIELDS = ['id', 'lastname', 'firstname', 'order_number', 'checked_in_at', 'activity_name'] as const;
export type ParticipantSortField = (typeof PARTICIPANT_SORT_FIELDS)[number];

/**
 * `GET /api/customers/participants`: page, perPage, sort (default newest booking first) and
 * `columnFilters`: `activity_id`, `session_id` (that date's drop-in tickets and the activity's
 * tickets for every date), `status` (`paid` | `unpaid` | `cancelled`), `checked_in` (`1`/`0`),
 * `search` (name, e-mail or order number). An instructor sees the activities they teach only.
 */
export const participantListQuerySchema = listQuerySchema(PARTICIPANT_SORT_FIELDS, 'id', 25);

/** `GET /api/customers/participants/filters?activity_id=`: what the filters offer (an instructor: their activities). */
export const participantFiltersQuerySchema = z.object({
  activity_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});
export const participantFiltersSchema = z.object({
  activities: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The chosen activity's dates (scheduled and cancelled), oldest first; empty without an activity. */
  sessions: z.array(z.object({ id: z.number(), starts_at: z.string(), ends_at: z.string(), cancelled: z.boolean() })),
});
export type ParticipantFilters = z.infer<typeof participantFiltersSchema>;

// ─── Order customers ────────────────────────────────────────────────────────

/**
 * A customer: every order with the same e-mail address (compared case-insensitively) is one
 * customer. Name, company and phone are the latest order's. `id` is the latest order's id.
 */
export const orderCustomerSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  order_count: z.number(),
  /** Of those, paid (paid, free, partially refunded); test-mode orders are no sales and not counted. */
  paid_order_count: z.number(),
  /** Paid minus refunded, over the paid orders in the team's currency (test-mode orders left out). */
  total_paid: z.number(),
  currency: z.string(),
  first_order_at: z.string(),
  last_order_at: z.string(),
  last_order_id: z.number(),
  last_order_number: z.number(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

export const ORDER_CUSTOMER_SORT_FIELDS = ['last_order_at', 'email', 'lastname', 'order_count', 'total_paid'] as const;
export type OrderCustomerSortField = (typeof ORDER_CUSTOMER_SORT_FIELDS)[number];

/** `GET /api/customers/orders`: page, perPage, sort (default latest order first), `columnFilters[search]` (name, e-mail, company). */
export const orderCustomerListQuerySchema = listQuerySchema(ORDER_CUSTOMER_SORT_FIELDS, 'last_order_at', 25);

/** One order of a customer (`GET /api/customers/orders/{id}/orders`, newest first). */
export const customerOrderSchema = z.object({
  id: z.number(),
  number: z.number(),
  created_at: z.string(),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  paid_at: z.string().nullable(),
  payment_type: z.string(),
  total: z.number(),
  refunded: z.number(),
  currency: z.string(),
  /** The activities booked, in the request language. */
  activities: z.array(z.string()),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export const customerOrdersQuerySchema = listQuerySchema(['id'] as const, 'id', 10);
