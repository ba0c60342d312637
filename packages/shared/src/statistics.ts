import { z } from 'zod';
import { isLocalDate } from './catalogue-timetable.ts';
import { STATISTICS_INTERVALS } from './statistics-limits.ts';

/**
 * Statistics (spec §2 dashboard, §3 "Dashboard statistics" and "Sales statistics", §7; CONTRACT §3)
 * and the statistics page `/backend/statistics`. What counts (decided here once, for every figure):
 *
 * - An order **counts** (orders, participants, products sold) when it is paid or free: payment
 *   status `paid` with `paid_at` set, `partially-refunded` or `free`. Spec §4 shows `paid` without
 *   `paid_at` as "Unpaid", so it does not count; `refunded` orders gave everything back and do not
 *   count either. "A ticket counts as sold when its participant is paid" (§4): participants are
 *   the counted orders' participants.
 * - **Money** (`total`, `sales`) is what the counted orders brought in and kept: their totals minus
 *   what was refunded (a partial refund lowers it), in the team's currency. Free orders count with 0.
 * - **`sales_all`** is the booked volume: the totals of every order that is, was or may still be a
 *   sale — counted orders, fully refunded ones and unpaid ones still waiting — before refunds.
 *   Orders that ended unpaid (declined, cancelled, expired, error) never were a sale and are left out.
 *   So `sales` ≤ `sales_all` on every day.
 * - Days are calendar days of the order's creation in the team's time zone.
 *
 * Amounts in replies are decimal numbers in major units (CONTRACT §2), counts integers.
 */

export { STATISTICS_INTERVALS, STATISTICS_MAX_DAYS, type StatisticsInterval } from './statistics-limits.ts';

/** The tables of the statistics page, each also downloadable as CSV. */
export const STATISTICS_TABLES = ['series', 'activities', 'tickets', 'payment_types', 'discounts'] as const;
export type StatisticsTable = (typeof STATISTICS_TABLES)[number];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` (a real one) in the team's time zone. */
export const statisticsDaySchema = z.string().trim().regex(DAY_RE).refine(isLocalDate, { message: 'date' });

/** `GET /api/statistics/sales?from&to`: both optional (default: start of this month → today). */
export const salesStatisticsQuerySchema = z.object({
  from: statisticsDaySchema.optional(),
  to: statisticsDaySchema.optional(),
});
export type SalesStatisticsQuery = z.infer<typeof salesStatisticsQuerySchema>;

/** `GET /api/statistics/dashboard` (CONTRACT §3). `total` in the team's currency. */
export const dashboardStatisticsSchema = z.object({
  course_count: z.number().int(),
  participant_count: z.number().int(),
  products_sold_count: z.number().int(),
  total: z.number(),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;

const byDay = <T extends z.ZodType>(value: T) => z.record(z.string().regex(DAY_RE), value);

/** `GET /api/statistics/sales` (CONTRACT §3): every day of the range, in order, in each map. */
export const salesStatisticsSchema = z.object({
  sales_all: byDay(z.number()),
  sales: byDay(z.number()),
  order_count: byDay(z.number().int()),
});
export type SalesStatistics = z.infer<typeof salesStatisticsSchema>;

// ─── The statistics page ────────────────────────────────────────────────────

/** `GET /api/statistics/report` and `/api/statistics/export`: range (default this month), buckets. */
export const statisticsReportQuerySchema = salesStatisticsQuerySchema.extend({
  interval: z.enum(STATISTICS_INTERVALS).default('day'),
});
export type StatisticsReportQuery = z.infer<typeof statisticsReportQuerySchema>;

export const statisticsExportQuerySchema = statisticsReportQuerySchema.extend({
  table: z.enum(STATISTICS_TABLES).default('series'),
});
export type StatisticsExportQuery = z.infer<typeof statisticsExportQuerySchema>;

const figures = {
  /** Counted orders (paid, partially refunded, free). */
  orders: z.number().int(),
  participants: z.number().int(),
  products_sold: z.number().int(),
  /** Booked volume before refunds (see above). */
  sales_all: z.number(),
  /** Kept money of the counted orders (after refunds). */
  sales: z.number(),
  /** Refunded money of the period's orders (partially and fully refunded). */
  refunds: z.number(),
  /** Discounts granted on counted orders. */
  discounts: z.number(),
  /** The platform's fees on counted orders. */
  platform_fees: z.number(),
};

/** One bucket: `period` is its first day (a Monday for weeks, the 1st for months). */
export const statisticsPeriodSchema = z.object({ period: z.string(), ...figures });
export type StatisticsPeriod = z.infer<typeof statisticsPeriodSchema>;

export const statisticsTotalsSchema = z.object({ ...figures, average_order: z.number() });
export type StatisticsTotals = z.infer<typeof statisticsTotalsSchema>;

/** Per activity: ticket lines of counted orders (line totals after discount, before refunds). */
export const statisticsActivityRowSchema = z.object({
  activity_id: z.number().nullable(),
  name: z.string(),
  orders: z.number().int(),
  /** Of paid and free orders (what `orders` counts). */
  participants: z.number().int(),
  /** Booked: those plus the participants of unpaid orders still holding their seats (issue 22 item 12). */
  participants_booked: z.number().int(),
  sales: z.number(),
});
export type StatisticsActivityRow = z.infer<typeof statisticsActivityRowSchema>;

export const statisticsTicketRowSchema = z.object({
  ticket_id: z.number().nullable(),
  activity_id: z.number().nullable(),
  activity_name: z.string(),
  name: z.string(),
  participants: z.number().int(),
  sales: z.number(),
});
export type StatisticsTicketRow = z.infer<typeof statisticsTicketRowSchema>;

export const statisticsPaymentTypeRowSchema = z.object({
  payment_type: z.string(),
  orders: z.number().int(),
  sales: z.number(),
});
export type StatisticsPaymentTypeRow = z.infer<typeof statisticsPaymentTypeRowSchema>;

export const statisticsDiscountRowSchema = z.object({
  discount_id: z.number().nullable(),
  code: z.string(),
  orders: z.number().int(),
  discount_total: z.number(),
  sales: z.number(),
});
export type StatisticsDiscountRow = z.infer<typeof statisticsDiscountRowSchema>;

export const statisticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(STATISTICS_INTERVALS),
  currency: z.string(),
  totals: statisticsTotalsSchema,
  /** Every bucket of the range, in order (empty ones with zeros). */
  series: z.array(statisticsPeriodSchema),
  activities: z.array(statisticsActivityRowSchema),
  tickets: z.array(statisticsTicketRowSchema),
  payment_types: z.array(statisticsPaymentTypeRowSchema),
  discounts: z.array(statisticsDiscountRowSchema),
});
export type StatisticsReport = z.infer<typeof statisticsReportSchema>;

// ─── The dashboard's introduction checklist ─────────────────────────────────

/**
 * The steps of a new provider, ticked from the team's data: company data (billing address and
 * logo), a first activity, a ticket, a payment method beyond free, a published activity, and the
 * shop link shared (ticked with the first order).
 */
export const CHECKLIST_STEPS = ['company', 'activity', 'tickets', 'payment', 'publish', 'share'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export const dashboardChecklistSchema = z.object({
  /** Dismissed by the team (`checklist_completed`). */
  completed: z.boolean(),
  steps: z.array(z.object({ key: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
  shop_url: z.string(),
});
export type DashboardChecklist = z.infer<typeof dashboardChecklistSchema>;

/** `PUT /api/dashboard/checklist`: dismiss (true) or show again (false). */
export const dashboardChecklistBodySchema = z.strictObject({ completed: z.boolean() });
export type DashboardChecklistBody = z.infer<typeof dashboardChecklistBodySchema>;
