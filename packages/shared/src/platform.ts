import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { PLATFORM_FEES, type PlatformTier } from './selling.ts';

/**
 * Platform plans, platform invoices and the bexio list (CONTRACT §6, decision 031). A team is on
 * one plan per day; the per-sale fee of a paid sale follows the plan in force on its day, and the
 * platform bills each team once a month for the previous month.
 */

export const PLANS = ['payg', 'business'] as const satisfies readonly PlatformTier[];
export type Plan = PlatformTier;

/** The plans' monthly fee (minor units, excluding VAT); Business is charged pro rata by its days. */
export const PLAN_MONTHLY_FEE_MINOR: Record<Plan, number> = { payg: 0, business: 13_900 };

/** The platform bills and counts days in this zone (the 1st of a month starts here). */
export const PLATFORM_TIME_ZONE = 'Europe/Zurich';

/** The platform's VAT rate (basis points) on its fees when `PLATFORM_VAT_ID` is set. */
export const PLATFORM_VAT_RATE_BP = 810;

/** What the landing page, the sign-up preview and the plan tab show: monthly fee and per-sale fee. */
export function planTerms(plan: Plan): { monthlyMinor: number; percentBp: number; fixedMinor: number } {
  return {
    monthlyMinor: PLAN_MONTHLY_FEE_MINOR[plan],
    percentBp: PLATFORM_FEES[plan].percentBp,
    fixedMinor: PLATFORM_FEES[plan].fixedMinor,
  };
}

// ─── The team's plan: GET/PUT /api/team/plan ──────────────────────────────────────────────────

export const teamPlanSchema = z.object({
  plan: z.enum(PLANS),
  /** The day (YYYY-MM-DD, platform zone) the current plan counts from. */
  since: z.string(),
  /** A change that counts from a later day: an upgrade from tomorrow, a downgrade from the 1st of next month. */
  scheduled: z.object({ plan: z.enum(PLANS), from: z.string() }).optional(),
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;

/** PUT /api/team/plan. Choosing the plan in force again cancels a scheduled change. */
export const teamPlanUpdateSchema = z.strictObject({ plan: z.enum(PLANS) });
export type TeamPlanUpdate = z.infer<typeof teamPlanUpdateSchema>;

// ─── Platform invoices ───────────────────────────────────────────────────────────────────────

export const PLATFORM_INVOICE_STATUSES = ['open', 'paid'] as const;
export type PlatformInvoiceStatus = (typeof PLATFORM_INVOICE_STATUSES)[number];

export const BEXIO_STATUSES = ['not_configured', 'pending', 'synced', 'failed'] as const;
export type BexioStatus = (typeof BEXIO_STATUSES)[number];

/** `YYYY-MM` of a month from 2020 on. */
export const monthSchema = z.string().regex(/^(20[2-9]\d)-(0[1-9]|1[0-2])$/, 'month');

/**
 * One line of a platform invoice, stored as data and worded at render time in the reader's
 * language. Amounts exclude VAT; a refund credit is negative.
 * - `monthly_fee`: the plan's monthly fee for `days` of `days_in_month` (pro rata on Business).
 * - `sale_fees`: the fees of the sales paid on `date` (`sales` orders worth `volume_minor`).
 * - `refund_credit`: the fee given back pro rata for the refunds made on `date`.
 */
export const platformInvoiceLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('monthly_fee'), plan: z.enum(PLANS), days: z.number(), days_in_month: z.number(), amount_minor: z.number() }),
  z.object({ kind: z.literal('sale_fees'), date: z.string(), sales: z.number(), volume_minor: z.number(), amount_minor: z.number() }),
  z.object({ kind: z.literal('refund_credit'), date: z.string(), refunds: z.number(), amount_minor: z.number() }),
]);
export type PlatformInvoiceLine = z.infer<typeof platformInvoiceLineSchema>;

/** What a team reads under Billing (`GET /api/team/platform-invoices`, list shape). */
export const teamPlatformInvoiceSchema = z.object({
  id: z.number(),
  month: z.string(),
  number: z.string(),
  /** Decimal amounts in the invoice's currency (as every money field of the API). */
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  currency: z.string(),
  status: z.enum(PLATFORM_INVOICE_STATUSES),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  /** The PDF (session-authenticated, same origin). */
  pdf_url: z.string(),
});
export type TeamPlatformInvoice = z.infer<typeof teamPlatformInvoiceSchema>;

export const PLATFORM_INVOICE_SORT_FIELDS = ['created_at', 'id', 'month', 'total', 'number'] as const;
export const teamPlatformInvoiceListQuerySchema = listQuerySchema(PLATFORM_INVOICE_SORT_FIELDS, 'month');

/** `GET /api/platform/invoices` (internal staff; list shape; CONTRACT §6). */
export const platformInvoiceSchema = z.object({
  id: z.number(),
  team: z.object({ id: z.number(), name: z.string() }),
  month: z.string(),
  number: z.string(),
  total: z.number(),
  currency: z.string(),
  status: z.enum(PLATFORM_INVOICE_STATUSES),
  bexio_status: z.enum(BEXIO_STATUSES),
  bexio_id: z.number().optional(),
  bexio_error: z.string().optional(),
  created_at: z.string(),
  pdf_url: z.string(),
});
export type PlatformInvoice = z.infer<typeof platformInvoiceSchema>;

/** `columnFilters[team]` (name contains, or the id), `[month]` (YYYY-MM), `[bexio_status]`, `[status]`. */
export const platformInvoiceListQuerySchema = listQuerySchema(PLATFORM_INVOICE_SORT_FIELDS, 'month');

/** `POST /api/platform/statements`. */
export const platformStatementRunSchema = z.strictObject({ month: monthSchema });
export const platformStatementResultSchema = z.object({ created: z.number(), existing: z.number() });
export type PlatformStatementResult = z.infer<typeof platformStatementResultSchema>;

/** `POST /api/platform/invoices/sync-failed`: every failed invoice queued again. */
export const platformSyncAllResultSchema = z.object({ queued: z.number() });

/** `GET /api/platform/statistics` (internal staff): fees per month and plan, teams per plan. */
export const platformStatisticsSchema = z.object({
  currency: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      /** Per-sale fees net of refund credits, per plan in force on the sale's day (decimal). */
      fees: z.object({ payg: z.number(), business: z.number() }),
      /** Monthly fees (Business, pro rata). */
      monthly: z.number(),
    }),
  ),
  teams: z.object({ payg: z.number(), business: z.number() }),
});
export type PlatformStatistics = z.infer<typeof platformStatisticsSchema>;

/**
 * The platform fee credited back for one refund, pro rata and cumulatively rounded: after refunds
 * of R in all, round(fee × R / total) of the fee is given back, so one refund's credit is that
 * amount after it minus the amount before it (partial refunds never add up to more or less than
 * the fee of a full refund).
 */
export function refundFeeCreditMinor(feeMinor: number, totalMinor: number, refundedBeforeMinor: number, refundMinor: number): number {
  if (feeMinor <= 0 || totalMinor <= 0) return 0;
  const at = (refunded: number) => Math.round((feeMinor * Math.min(Math.max(refunded, 0), totalMinor)) / totalMinor);
  return at(refundedBeforeMinor + refundMinor) - at(refundedBeforeMinor);
}
