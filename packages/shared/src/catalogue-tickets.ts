import { z } from 'zod';
import { BOOKING_SCOPES, FIELD_TYPES } from './catalogue-model.ts';
import {
  idFieldSchema,
  idSchema,
  requiredTranslatedSchema,
  TICKET_VISIBILITIES,
  translatedInputSchema,
  translatedSchema,
} from './catalogue.ts';
import type { Language } from './i18n.ts';
import { MAX_MONEY_MAJOR } from './money.ts';
import { listQuerySchema, MAX_PER_PAGE } from './pagination.ts';
import { encodeMessage } from './validation.ts';

/**
 * Tickets, products (the spec's "options") and the public read model: request and reply shapes.
 * Amounts and rates travel as decimal text in major units / percent ("12,50", "8.1") and are
 * turned into integers (minor units, basis points) exactly, never through floating point.
 * No English here: messages are validation keys.
 */

const MAX_COUNT = 1_000_000;

/** Tax rates: percent with at most 2 decimals ("8.1", "7,70") → basis points (810, 770). */
export function parsePercentBp(input: string | number): number | null {
  const text = String(input).trim().replace(',', '.');
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points → percent as replies carry it (810 → 8.1). Exact: two decimals at most. */
export function bpToPercent(bp: number): number {
  return Number((bp / 100).toFixed(2));
}

/** An amount or rate as typed: "12.50", "12,50" or a number; checked exactly by the server. */
export const decimalInputSchema = z.union([z.string().trim().min(1).max(24), z.number()]);

/**
 * An amount of money as typed: a decimal input whose value is at most `MAX_MONEY_MAJOR`
 * (1,000,000) either way (422 `max_money`). Malformed text passes here and gets the service's
 * exact message (digits of the currency).
 */
export const moneyInputSchema = decimalInputSchema.refine(
  (v) => {
    const n = typeof v === 'number' ? v : Number(v.replace(',', '.'));
    return Number.isNaN(n) || Math.abs(n) <= MAX_MONEY_MAJOR;
  },
  { message: encodeMessage('max_money', { max: MAX_MONEY_MAJOR }) },
);

/** A whole number, also sent as a numeric string by inputs and selects. */
const countSchema = (min: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v), z.number().int().min(min).max(MAX_COUNT));

const optionalCount = (min: number) => z.preprocess((v) => (v === '' ? null : v), countSchema(min).nullish()).transform((v) => v ?? null);

/** Yes/no as sent by selects (1/0, "1"/"0", "true"/"false") or as a boolean. */
export const flagSchema = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

/** ISO 8601 with offset, or local `YYYY-MM-DDTHH:mm[:ss]` read in the team's time zone. */
export const DATE_TIME_INPUT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
export const dateTimeInputSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .regex(DATE_TIME_INPUT, { message: 'date' })
    .nullish()
    .transform((v) => v ?? null),
);

/**
 * A ticket as POST /api/courses/:id/tickets takes it. PUT takes the same keys, each optional: the
 * server lays the sent keys over the stored ticket and checks the whole (so no defaults here
 * may overwrite stored values on PUT).
 */
export const ticketBodySchema = z.object({
  name: translatedInputSchema(),
  description: translatedInputSchema(2000).nullish(),
  price: moneyInputSchema,
  stock: countSchema(0),
  session_id: z.preprocess((v) => (v === '' ? null : v), idFieldSchema.nullish()).transform((v) => v ?? null),
  sale_start: dateTimeInputSchema,
  sale_end: dateTimeInputSchema,
  tax_rate: decimalInputSchema.nullish(),
  min_per_order: countSchema(1).default(1),
  max_per_order: optionalCount(1),
  visibility: z.enum(TICKET_VISIBILITIES).default('public'),
});
export type TicketBody = z.input<typeof ticketBodySchema>;

/**
 * POST and PUT /api/courses/:id/tickets as the routes take them: every key typed, none required
 * and no defaults (a PUT sends only the keys it changes). The service lays the keys over the
 * stored ticket and checks the whole against the team's languages and currency (`ticketSchema`).
 * Unknown keys are refused (422), so `constructor` or `__proto__` never reach a service.
 */
export const ticketInputSchema = z
  .strictObject({
    name: translatedInputSchema(),
    description: translatedInputSchema(2000).nullable(),
    price: moneyInputSchema,
    stock: z.number().int(),
    session_id: idSchema.nullable(),
    sale_start: z.string().max(40).nullable(),
    sale_end: z.string().max(40).nullable(),
    tax_rate: decimalInputSchema.nullable(),
    min_per_order: z.number().int(),
    max_per_order: z.number().int().nullable(),
    visibility: z.enum(TICKET_VISIBILITIES),
  })
  .partial();
export type TicketInput = z.infer<typeof ticketInputSchema>;

/** The ticket form for a team with these languages. */
export function ticketSchema(languages: readonly Language[]) {
  return ticketBodySchema.extend({ name: requiredTranslatedSchema(languages) });
}

export const ticketItemSchema = z.object({
  id: z.number(),
  session_id: z.number().nullable(),
  name: translatedSchema,
  name_text: z.string(),
  description: translatedSchema,
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  stock: z.number(),
  sold: z.number(),
  stock_reserved: z.number(),
  stock_available: z.number(),
  sale_start: z.string().nullable(),
  sale_end: z.string().nullable(),
  tax_rate: z.number(),
  min_per_order: z.number(),
  max_per_order: z.number().nullable(),
  visibility: z.enum(TICKET_VISIBILITIES),
  sort: z.number(),
});
export type TicketItem = z.infer<typeof ticketItemSchema>;

/** POST/PUT /api/course/options as sent (products; `stock` null = unlimited). */
export const productBodySchema = z.object({
  name: translatedInputSchema(),
  description: translatedInputSchema(2000).nullish(),
  price: moneyInputSchema,
  tax_rate: decimalInputSchema.nullish(),
  stock: optionalCount(0),
  scope: z.enum(BOOKING_SCOPES).default('order'),
  min_per_order: countSchema(0).default(0),
  max_per_order: optionalCount(1),
  active: flagSchema.default(true),
});
export type ProductBody = z.input<typeof productBodySchema>;

/**
 * POST/PUT /api/course/options as the routes take them: the static shape (unknown keys refused);
 * the service checks it against the team's languages and currency (`productSchema`), which also
 * names the missing keys.
 */
export const productInputSchema = z
  .strictObject({
    name: translatedInputSchema(),
    description: translatedInputSchema(2000).nullable(),
    price: moneyInputSchema,
    tax_rate: decimalInputSchema.nullable(),
    stock: z.number().int().nullable(),
    scope: z.enum(BOOKING_SCOPES),
    min_per_order: z.number().int(),
    max_per_order: z.number().int().nullable(),
    active: z.boolean(),
  })
  .partial();
export type ProductInput = z.infer<typeof productInputSchema>;

export function productSchema(languages: readonly Language[]) {
  return productBodySchema.extend({ name: requiredTranslatedSchema(languages) });
}

export const productItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  description: translatedSchema,
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  tax_rate: z.number(),
  stock: z.number().nullable(),
  sold: z.number(),
  stock_available: z.number().nullable(),
  scope: z.enum(BOOKING_SCOPES),
  min_per_order: z.number(),
  max_per_order: z.number().nullable(),
  active: z.boolean(),
  sort: z.number(),
  created_at: z.string(),
});
export type ProductItem = z.infer<typeof productItemSchema>;

export const PRODUCT_SORT_FIELDS = ['id', 'created_at', 'name', 'price', 'sort'] as const;
/** The products list: the contract's list query plus a free-text `search` over the name. */
export const productListQuerySchema = listQuerySchema(PRODUCT_SORT_FIELDS, 'created_at').and(
  z.object({ search: z.string().trim().max(200).optional().catch(undefined) }),
);

/** PUT /api/courses/:id/products: replaces the products offered with an activity. */
export const activityProductsBodySchema = z.object({
  items: z.array(z.object({ product_id: idSchema, ticket_ids: z.array(idSchema).max(500).default([]) })).max(200),
});
export type ActivityProductsBody = z.input<typeof activityProductsBodySchema>;

export const activityProductItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  active: z.boolean(),
  ticket_ids: z.array(z.number()),
});
export type ActivityProductItem = z.infer<typeof activityProductItemSchema>;

/** Lenient like the contract's lists: malformed → default, out of range → clamped. */
const clampedInt = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN;
      return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
    });

/** The public read model (shop, embeds): one language, only what a buyer may see. */
export const publicActivityQuerySchema = z.object({
  page: clampedInt(1, 1, 1_000_000),
  perPage: clampedInt(10, 1, MAX_PER_PAGE),
  type_set_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  location_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  lang: z.enum(['de', 'en', 'fr']).optional().catch(undefined),
});
export type PublicActivityQuery = z.infer<typeof publicActivityQuerySchema>;

export const publicTicketSchema = z.object({
  id: z.number(),
  session_id: z.number().nullable(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  tax_rate: z.number(),
  min_per_order: z.number(),
  max_per_order: z.number().nullable(),
  stock_available: z.number(),
  sale_end: z.string().nullable(),
});

export const publicProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  tax_rate: z.number(),
  scope: z.enum(BOOKING_SCOPES),
  min_per_order: z.number(),
  max_per_order: z.number().nullable(),
  /** Null: unlimited. */
  stock_available: z.number().nullable(),
  ticket_ids: z.array(z.number()),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const publicBookingFieldSchema = z.object({
  id: z.number(),
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  help: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  scope: z.enum(BOOKING_SCOPES),
  required: z.boolean(),
  visible_if: z.object({ field_id: z.number(), values: z.array(z.string()) }).nullable(),
});
export type PublicBookingField = z.infer<typeof publicBookingFieldSchema>;

export const publicActivitySchema = z.object({
  id: z.number(),
  kind: z.enum(['course', 'event']),
  name: z.string(),
  description: z.string(),
  type_set: z.object({ id: z.number(), name: z.string() }),
  location: z
    .object({
      id: z.number(),
      name: z.string(),
      address: z.string().nullable(),
      postal_code: z.string(),
      city: z.string(),
      country: z.string(),
    })
    .nullable(),
  header_image: z.object({ list_url: z.string(), detail_url: z.string() }).nullable(),
  booking_opens_at: z.string().nullable(),
  waiting_list: z.boolean(),
  cancellation_policy: z.string(),
  next_session_at: z.string().nullable(),
  sessions: z.array(z.object({ id: z.number(), starts_at: z.string(), ends_at: z.string(), note: z.string() })),
  tickets: z.array(publicTicketSchema),
  /** Products offered with this activity (`ticket_ids` empty: with every ticket). */
  products: z.array(publicProductSchema),
  /** Booking fields asked at checkout (type set's and the activity's), for the shared answer engine. */
  booking_fields: z.array(publicBookingFieldSchema),
  attributes: z.array(
    z.object({
      attribute_id: z.number(),
      type: z.string(),
      label: z.string(),
      value: z.unknown(),
      value_label: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
  ),
});
export type PublicActivity = z.infer<typeof publicActivitySchema>;
