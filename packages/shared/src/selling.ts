import { z } from 'zod';
import { idSchema, translatedSchema } from './catalogue.ts';
import { dateTimeInputSchema, decimalInputSchema, publicActivityQuerySchema } from './catalogue-tickets.ts';
import { LANGUAGES } from './i18n.ts';
import { listQuerySchema } from './pagination.ts';
import { safeRecordSchema } from './safe-keys.ts';
import { singleLine } from './validation.ts';
import { CHECKOUT_LIMITS } from './checkout-limits.ts';

/**
 * Selling (CONTRACT §4): orders, payments, discounts, taxes, tickets and check-in — the request
 * and reply shapes both sides use, and the money rules the shop shows and the server decides
 * with. Amounts in replies are decimal numbers in major units (`price`, `total`), with
 * `*_minor` integers beside them where a client computes.
 */

// ─── Vocabulary ─────────────────────────────────────────────────────────────

export const PAYMENT_STATUS_VALUES = [
  'paid',
  'free',
  'waiting',
  'refunded',
  'partially-refunded',
  'declined',
  'cancelled',
  'expired',
  'error',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];

/** How an order is paid. `test` is the clearly labelled test-mode page (no real money). */
export const PAYMENT_PROVIDERS = ['free', 'invoice', 'stripe', 'datatrans', 'test', 'manual'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** What a buyer may choose at checkout (`manual` is staff-only, `free` only for totals of 0). */
export const CHECKOUT_PAYMENT_METHODS = ['free', 'invoice', 'stripe', 'datatrans', 'test'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/** `mismatch`: the provider reported another amount or currency than the attempt's; never marks the order paid. */
export type PaymentAttemptStatus = 'pending' | 'succeeded' | 'failed' | 'expired' | 'refunded' | 'mismatch';
export type PlatformTier = 'payg' | 'business';
export type DiscountType = 'percent' | 'fixed';
export type OrderEventType =
  | 'created'
  | 'payment_started'
  | 'paid'
  | 'payment_failed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'mail_queued'
  | 'checked_in'
  | 'updated'
  // Staff sent the order's confirmation again; a refund the provider refused (nothing changed).
  | 'mail_resent'
  | 'refund_failed'
  // Staff revoked every order link sent so far (issue 20 item 12).
  | 'links_revoked'
  // A provider reported a payment whose amount or currency differs from the order's (not paid; for staff to check).
  | 'payment_mismatch';

export interface TaxRateSetting {
  rate_bp: number;
  label: { de?: string; en?: string; fr?: string };
}

/** Attachments of a queued mail, rendered when it is sent (so a mail never carries stale state). */
export type MailAttachmentSpec =
  | OrderAttachmentSpec
  /** The platform's invoice to a team (CONTRACT §6), in the mail's language; no order behind it. */
  | { kind: 'platform_invoice'; platformInvoiceId: number; orderId?: undefined };

/** The attachments of an order's mails. */
export type OrderAttachmentSpec =
  | { kind: 'tickets' | 'invoice' | 'receipt'; orderId: number }
  /** The credit note of one refund: the order's `creditNote`-th (1, 2, …; issue 22 item 4). */
  | { kind: 'credit_note'; orderId: number; creditNote: number }
  /** The order's booked dates as an iCalendar file ("add to calendar", CONTRACT §8). */
  | { kind: 'calendar'; orderId: number };

/** A credit note's number: the order's number and the refund's place among the order's refunds ("1042-2"). */
export const creditNoteNumber = (orderNumber: number, index: number): string => `${orderNumber}-${index}`;

export { paymentStatusLabelKey } from './payment-status.ts';

/** Statuses whose participants hold a valid ticket (check-in accepts them; they count as sold). */
export const PAID_STATUSES: readonly PaymentStatus[] = ['paid', 'free', 'partially-refunded'];
/** Statuses that keep seats taken (paid, or unpaid but still held). */
export const SEAT_HOLDING_STATUSES: readonly PaymentStatus[] = ['paid', 'free', 'partially-refunded', 'waiting'];

// ─── Money rules ────────────────────────────────────────────────────────────

/** Swiss VAT rates a new team starts with (basis points). */
export const DEFAULT_TAX_RATES_BP = [810, 260, 380, 0] as const;

/** The platform's fee per paid order, by tier: percent in basis points plus a fixed part (CHF 0.49). */
export const PLATFORM_FEES: Record<PlatformTier, { percentBp: number; fixedMinor: number }> = {
  payg: { percentBp: 790, fixedMinor: 49 },
  business: { percentBp: 390, fixedMinor: 49 },
};

/** Round half away from zero of `numerator / denominator` for non-negative integers. */
function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The platform fee of an order total (minor units); 0 for free orders. */
export function platformFeeMinor(totalMinor: number, tier: PlatformTier): number {
  if (totalMinor <= 0) return 0;
  const fee = PLATFORM_FEES[tier];
  return divRound(totalMinor * fee.percentBp, 10_000) + fee.fixedMinor;
}

/**
 * The VAT contained in a price that includes it (Swiss practice): gross × rate / (1 + rate),
 * rounded per line to the minor unit. `rateBp` 810 = 8.1 %.
 */
export function includedTaxMinor(grossMinor: number, rateBp: number): number {
  if (grossMinor <= 0 || rateBp <= 0) return 0;
  return divRound(grossMinor * rateBp, 10_000 + rateBp);
}

/** A discount's amount on a subtotal: percent of it, or the fixed amount capped at it. */
export function discountAmountMinor(type: DiscountType, value: number, eligibleMinor: number): number {
  if (eligibleMinor <= 0) return 0;
  const amount = type === 'percent' ? divRound(eligibleMinor * value, 10_000) : value;
  return Math.min(amount, eligibleMinor);
}

/**
 * Spreads `amount` over lines in proportion to their totals (largest remainder, so the parts add
 * up exactly). Used to give each line its share of a discount before its tax is computed.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

// ─── Public API: team, reservations, orders ─────────────────────────────────

export const publicTeamSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  currency: z.string(),
  time_zone: z.string(),
  country: z.string(),
  payment_methods: z.array(z.enum(CHECKOUT_PAYMENT_METHODS)),
  terms_url: z.string().nullable(),
  charges_vat: z.boolean(),
  /** The team's subscriptions feature is on: the shop asks `/subscriptions` what is on offer (feature off: that call answers 404). */
  offers_subscriptions: z.boolean(),
});
export type PublicTeam = z.infer<typeof publicTeamSchema>;

const quantitySchema = z.number().int().min(1).max(CHECKOUT_LIMITS.quantity);
export const orderItemInputSchema = z.strictObject({ ticket_id: idSchema, quantity: quantitySchema });
/** A subscription tier bought through the order call (CONTRACT §5): alone in its order, one at a time. */
export const tierOrderItemInputSchema = z.strictObject({ subscription_tier_id: idSchema, quantity: z.literal(1) });
export type TierOrderItemInput = z.infer<typeof tierOrderItemInputSchema>;
export type TicketOrderItemInput = z.infer<typeof orderItemInputSchema>;
/** Whether an order's item buys a subscription tier (else it is a ticket). */
export const isTierItem = (item: TicketOrderItemInput | TierOrderItemInput): item is TierOrderItemInput => 'subscription_tier_id' in item;
/** The ticket items among an order's items. */
export const ticketItemsOf = (items: readonly (TicketOrderItemInput | TierOrderItemInput)[]): TicketOrderItemInput[] =>
  items.filter((i): i is TicketOrderItemInput => !isTierItem(i));

export const reservationBodySchema = z.strictObject({ items: z.array(orderItemInputSchema).min(1).max(20) });
export type ReservationBody = z.infer<typeof reservationBodySchema>;

export const reservationReplySchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  items: z.array(
    z.object({
      ticket_id: z.number(),
      activity_id: z.number(),
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  total: z.number(),
  currency: z.string(),
});
export type ReservationReply = z.infer<typeof reservationReplySchema>;

const nameText = singleLine(z.string().trim().min(1).max(CHECKOUT_LIMITS.name));
const optionalText = (max: number) =>
  singleLine(z.string().trim().max(max))
    .nullish()
    .transform((v) => (v ? v : null));
const emailText = z.string().trim().min(1, { abort: true }).max(CHECKOUT_LIMITS.email).pipe(z.email());

/** Booking answers keyed by field id; values as the answer engine takes them. */
export const answersInputSchema = safeRecordSchema(z.unknown()).default({});

export const orderBodySchema = z.strictObject({
  reservation_token: z.string().min(10).max(64).optional(),
  items: z
    .array(z.union([orderItemInputSchema, tierOrderItemInputSchema]))
    .min(1)
    .max(CHECKOUT_LIMITS.items)
    .optional(),
  customer: z.strictObject({
    salutation: singleLine(z.string().trim().max(CHECKOUT_LIMITS.salutation)).nullish(),
    firstname: nameText,
    lastname: nameText,
    email: emailText,
    phone: optionalText(CHECKOUT_LIMITS.phone),
    company: optionalText(CHECKOUT_LIMITS.company),
  }),
  participants: z
    .array(
      z.strictObject({
        ticket_id: idSchema,
        firstname: nameText,
        lastname: nameText,
        email: z.union([z.literal(''), emailText]).nullish(),
        answers: answersInputSchema,
        /** Booked with this membership of the logged-in shop customer (CONTRACT §5): the seat costs 0 and one credit. */
        membership_id: idSchema.nullish(),
      }),
    )
    // A ticket order has one per seat (checked with its tickets); a subscription tier's order has none.
    .max(CHECKOUT_LIMITS.participants),
  answers: answersInputSchema,
  products: z
    .array(
      z.strictObject({
        product_id: idSchema,
        quantity: quantitySchema,
        participant_index: z
          .number()
          .int()
          .min(0)
          .max(CHECKOUT_LIMITS.participants - 1)
          .nullish(),
      }),
    )
    .max(CHECKOUT_LIMITS.products)
    .optional(),
  discount_code: z.string().trim().max(40).nullish(),
  payment_method: z.enum(CHECKOUT_PAYMENT_METHODS),
  language: z.enum(LANGUAGES),
  accept_terms: z.literal(true),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

export const orderParticipantSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  ticket_code: z.string(),
  checked_in_at: z.string().nullable(),
});

export const orderItemSchema = z.object({
  id: z.number(),
  ticket_id: z.number().nullable(),
  activity_id: z.number().nullable(),
  session_id: z.number().nullable(),
  /** "Activity – Ticket" in the order's (or request's) language. */
  name: z.string(),
  activity_name: z.string(),
  ticket_name: z.string(),
  quantity: z.number(),
  price: z.number(),
  total: z.number(),
  tax_rate: z.number(),
  options: z.array(
    z.object({ product_id: z.number().nullable(), name: z.string(), quantity: z.number(), price: z.number(), total: z.number() }),
  ),
  participants: z.array(orderParticipantSchema),
});

/** The Order of CONTRACT §4 (back office and public replies). */
export const orderSchema = z.object({
  id: z.number(),
  number: z.number(),
  created_at: z.string(),
  company: z.string().nullable(),
  salutation: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  payment_type: z.string(),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  paid_at: z.string().nullable(),
  hold_until: z.string().nullable(),
  invoice_due_at: z.string().nullable(),
  order_items: z.array(orderItemSchema),
  /** Products bought for the whole order (not tied to a ticket line). */
  options: z.array(
    z.object({ product_id: z.number().nullable(), name: z.string(), quantity: z.number(), price: z.number(), total: z.number() }),
  ),
  subtotal: z.number(),
  discount_code: z.string().nullable(),
  discount_total: z.number(),
  tax_total: z.number(),
  /** VAT per rate: what invoices and receipts list. */
  taxes: z.array(z.object({ rate: z.number(), tax: z.number(), gross: z.number() })),
  total: z.number(),
  total_minor: z.number(),
  /** What the customer paid (the total once paid, else 0), what went back, and what is left of it (issue 22 item 4). */
  paid: z.number(),
  refunded: z.number(),
  remaining: z.number(),
  /** One per refund, oldest first: its number ("1042-1"), its index in the document URL (`credit-notes/{index}.pdf`), amount and date. */
  credit_notes: z.array(z.object({ index: z.number(), number: z.string(), amount: z.number(), created_at: z.string() })),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * The Order as anonymous callers get it (the order page behind its link, the checkout's reply):
 * the same shape, but `id` is the order's public id (a random UUID, the `{orderId}` of the public
 * URLs), never the sequential database id, which would tell how many orders were placed.
 */
export const publicOrderSchema = orderSchema.extend({ id: z.string() });
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const placeOrderReplySchema = z.object({ order: publicOrderSchema, order_url: z.string(), payment_url: z.string().nullable() });
export type PlaceOrderReply = z.infer<typeof placeOrderReplySchema>;

/** A live price check at checkout (the server decides; nothing is stored). */
export const quoteBodySchema = z.strictObject({
  items: z.array(orderItemInputSchema).min(1).max(20),
  products: orderBodySchema.shape.products,
  discount_code: z.string().trim().max(40).nullish(),
});
export const quoteReplySchema = z.object({
  subtotal: z.number(),
  discount_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  currency: z.string(),
  discount_code: z.string().nullable(),
  /**
   * What this cart can be paid with now: the team's `payment_methods`, without `invoice` when the
   * day before its first session is today or past (issue 22). Always sent by the server; optional
   * for older clients' fixtures.
   */
  payment_methods: z.array(z.enum(CHECKOUT_PAYMENT_METHODS)).optional(),
});
export type QuoteReply = z.infer<typeof quoteReplySchema>;

// ─── Check-in ───────────────────────────────────────────────────────────────

export const checkinTicketSchema = z.object({
  code: z.string(),
  participant: z.object({ firstname: z.string(), lastname: z.string() }),
  activity: z.object({ id: z.number().nullable(), name: z.string() }),
  ticket_name: z.string(),
  session_starts_at: z.string().nullable(),
  order: z.object({ id: z.number(), number: z.number(), payment_status: z.enum(PAYMENT_STATUS_VALUES), paid_at: z.string().nullable() }),
  checked_in_at: z.string().nullable(),
});
export type CheckinTicket = z.infer<typeof checkinTicketSchema>;

export const checkinReplySchema = z.object({
  success: z.literal(true),
  ticket: checkinTicketSchema,
  checked_in_at: z.string(),
  already_checked_in: z.boolean(),
});
export type CheckinReply = z.infer<typeof checkinReplySchema>;

// Check-in area (selling/checkin): the 422 body of a refused check-in, with the ticket it refused.
export const checkinRefusalSchema = z.object({
  message: z.string(),
  success: z.literal(false),
  code: z.enum(['TICKET_UNPAID', 'TICKET_CANCELLED']),
  ticket: checkinTicketSchema,
});
export type CheckinRefusal = z.infer<typeof checkinRefusalSchema>;
// End of the check-in area.

// ─── Discounts (back office) ────────────────────────────────────────────────

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/;

export const discountBodySchema = z.strictObject({
  code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, { message: 'discount_code_format' }),
  name: singleLine(z.string().trim().max(120)).nullish(),
  type: z.enum(['percent', 'fixed']),
  /** Percent ("10", "12,5") or an amount in the team's currency ("20.00"). */
  value: decimalInputSchema,
  max_uses: z.number().int().min(1).max(1_000_000).nullish(),
  valid_from: dateTimeInputSchema.optional(),
  valid_until: dateTimeInputSchema.optional(),
  activity_ids: z.array(idSchema).max(500).optional(),
  active: z.boolean().optional(),
});
export type DiscountBody = z.infer<typeof discountBodySchema>;

export const discountSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  type: z.enum(['percent', 'fixed']),
  /** Percent (10.5) or amount (20) as entered. */
  value: z.number(),
  currency: z.string(),
  max_uses: z.number().nullable(),
  used_count: z.number(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  activity_ids: z.array(z.number()),
  active: z.boolean(),
  /** Sum of the totals of paid orders that used it (test-mode orders left out). */
  revenue: z.number(),
  created_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** Sort fields of `GET /api/discounts` (default: newest first). */
export const DISCOUNT_SORT_FIELDS = [
  'id',
  'created_at',
  'code',
  'name',
  'type',
  'valid_from',
  'valid_until',
  'used_count',
  'active',
] as const;
export type DiscountSortField = (typeof DISCOUNT_SORT_FIELDS)[number];
/** `columnFilters[code|name]` (contains, case-insensitive) and `columnFilters[active]` (`1`/`0`). */
export const discountListQuerySchema = listQuerySchema(DISCOUNT_SORT_FIELDS, 'created_at');

// ─── Settings: taxes and integrations ───────────────────────────────────────

export const taxSettingsSchema = z.object({
  charges_vat: z.boolean(),
  vat_number: z.string().nullable(),
  rates: z.array(z.object({ rate: z.number(), label: translatedSchema })),
  default_rate: z.number(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const taxSettingsBodySchema = z.strictObject({
  charges_vat: z.boolean(),
  vat_number: singleLine(z.string().trim().max(40)).nullish(),
  rates: z
    .array(
      z.strictObject({
        rate: decimalInputSchema,
        label: z.strictObject({
          de: singleLine(z.string().trim().max(60)).nullish(),
          en: singleLine(z.string().trim().max(60)).nullish(),
          fr: singleLine(z.string().trim().max(60)).nullish(),
        }),
      }),
    )
    .min(1)
    .max(10),
  default_rate: decimalInputSchema,
});
export type TaxSettingsBody = z.infer<typeof taxSettingsBodySchema>;

/** Integration settings as the back office sees them: secrets only as "set" flags, never their value. */
export const integrationSettingsSchema = z.object({
  invoice: z.object({ enabled: z.boolean(), iban: z.string().nullable(), qr_iban: z.string().nullable(), due_days: z.number() }),
  stripe: z.object({
    enabled: z.boolean(),
    publishable_key: z.string().nullable(),
    secret_key_set: z.boolean(),
    webhook_secret_set: z.boolean(),
    account_id: z.string().nullable(),
    webhook_url: z.string(),
  }),
  /** Datatrans (cards and TWINT): the merchant id, secrets as "set" flags, sandbox or production. */
  datatrans: z.object({
    enabled: z.boolean(),
    merchant_id: z.string().nullable(),
    password_set: z.boolean(),
    hmac_key_set: z.boolean(),
    sandbox: z.boolean(),
    webhook_url: z.string(),
  }),
  test_mode: z.object({ enabled: z.boolean() }),
  terms_url: z.string().nullable(),
  branding: z.object({ primary_color: z.string().nullable(), slug: z.string().nullable() }),
  tier: z.enum(['payg', 'business']),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

export const integrationSettingsBodySchema = z.strictObject({
  invoice: z
    .strictObject({
      enabled: z.boolean(),
      iban: z.string().trim().max(42).nullish(),
      qr_iban: z.string().trim().max(42).nullish(),
      due_days: z.number().int().min(1).max(365),
    })
    .optional(),
  stripe: z
    .strictObject({
      enabled: z.boolean(),
      publishable_key: z.string().trim().max(200).nullish(),
      /** Sent only to change it; empty string removes it. */
      secret_key: z.string().trim().max(300).optional(),
      webhook_secret: z.string().trim().max(300).optional(),
      account_id: z.string().trim().max(64).nullish(),
    })
    .optional(),
  datatrans: z
    .strictObject({
      enabled: z.boolean(),
      merchant_id: z.string().trim().max(20).nullish(),
      /** Sent only to change it; empty string removes it. */
      password: z.string().max(100).optional(),
      hmac_key: z.string().trim().max(300).optional(),
      sandbox: z.boolean().optional(),
    })
    .optional(),
  test_mode: z.strictObject({ enabled: z.boolean() }).optional(),
  terms_url: z.string().trim().max(500).nullish(),
  /** Needed when an IBAN or a payment provider's key, secret or account changes (with team.manage). */
  current_password: z.string().max(200).optional(),
  /** With two-factor on: a current authenticator or recovery code, beside the password. */
  totp_code: z.string().trim().max(20).optional(),
  branding: z
    .strictObject({
      primary_color: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, { message: 'color' })
        .nullish(),
      slug: z
        .string()
        .trim()
        .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, { message: 'slug' })
        .nullish(),
    })
    .optional(),
});
export type IntegrationSettingsBody = z.infer<typeof integrationSettingsBodySchema>;

export { idSchema as orderIdSchema };

// ─── Back-office orders and the shop's read side (selling/orders: order list, order detail,
// mark paid, cancel; catalogue/public: shop filters) ─────────────────────────────────────────

/** Sort fields of `GET /api/orders` (default: id descending, spec §9). */
export const ORDER_SORT_FIELDS = ['id', 'number', 'created_at', 'total', 'payment_status', 'lastname'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
/**
 * `GET /api/orders`: page, perPage (default 10), sort, `columnFilters[payment_status]` (one status or
 * several, comma separated) and `columnFilters[search]` (number, name, e-mail, company).
 */
export const orderListQuerySchema = listQuerySchema(ORDER_SORT_FIELDS, 'id', 10);

/** One line of an order's history (who changed what when). */
export const orderEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  actor: z.enum(['customer', 'staff', 'provider', 'system']),
  /** The staff member's name when staff did it; null for the customer, a provider or the system. */
  user_name: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** A payment attempt of an order (a Stripe session, a test-mode page, an invoice, a manual entry). */
export const orderPaymentSchema = z.object({
  id: z.number(),
  provider: z.string(),
  status: z.string(),
  amount: z.number(),
  created_at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** `GET /api/orders/{id}`: the Order with its history, payments and the platform's fee. */
export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  payments: z.array(orderPaymentSchema),
  platform_fee: z.number(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * `GET /api/public/orders/{id}?token=…` query: the token of the order link, and optionally the
 * language to show it in (`lang`, or the contract's `language`; default the order's language).
 */
export const publicOrderQuerySchema = z.object({
  token: z.string().max(200).optional().catch(undefined),
  lang: z.enum(LANGUAGES).optional().catch(undefined),
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/** `GET /api/public/teams/{teamId}/filters`: what the shop's filters offer (only what published activities use). */
export const publicFiltersSchema = z.object({
  type_sets: z.array(z.object({ id: z.number(), name: z.string() })),
  locations: z.array(z.object({ id: z.number(), name: z.string(), city: z.string() })),
  /** Attributes marked filterable; `options` are the values listed activities have (boolean: `1`/`0`). */
  attributes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.string(),
      options: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  ),
});
export type PublicFilters = z.infer<typeof publicFiltersSchema>;

/** Attribute filters of the public list: at most this many `attr[<id>]=<value>` pairs are applied. */
export const PUBLIC_ATTRIBUTE_FILTERS_MAX = 5;

/**
 * The public activity list's query with attribute filters: `attr[<attributeId>]=<value>` (the
 * values of `publicFiltersSchema`; several attributes: all must match). Malformed pairs are ignored.
 */
export const publicActivityListQuerySchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const attr: { id: number; value: string }[] = [];
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const m = /^attr\[(\d{1,10})\]$/.exec(key);
      const first = Array.isArray(value) ? value[0] : value;
      if (!m || typeof first !== 'string' || first === '' || first.length > 200) continue;
      const id = Number(m[1]);
      if (id < 1 || id > 2_147_483_647 || attr.some((a) => a.id === id)) continue;
      if (attr.length < PUBLIC_ATTRIBUTE_FILTERS_MAX) attr.push({ id, value: first });
    }
    return { ...(raw as Record<string, unknown>), attr };
  },
  publicActivityQuerySchema.extend({
    attr: z.array(z.object({ id: z.number(), value: z.string() })).default([]),
  }),
);
export type PublicActivityListQuery = z.infer<typeof publicActivityListQuerySchema>;
// End of the back-office orders and shop read side area.

// ─── Payments area (selling/payments): the test-mode payment page ───────────
// `GET /api/public/test-payments/{paymentId}?token=…` and `POST` with `{outcome}` (no money moves).

export const PAYMENT_ATTEMPT_STATUS_VALUES = ['pending', 'succeeded', 'failed', 'expired', 'refunded', 'mismatch'] as const;
export const TEST_PAYMENT_OUTCOMES = ['pay', 'decline'] as const;
export type TestPaymentOutcome = (typeof TEST_PAYMENT_OUTCOMES)[number];

export const testPaymentSchema = z.object({
  id: z.number(),
  team_id: z.number(),
  team_name: z.string(),
  /** The order's public id (never the sequential id: this page is public). */
  order_id: z.string(),
  order_number: z.number(),
  amount: z.number(),
  amount_minor: z.number(),
  currency: z.string(),
  /** The attempt: `pending` while the buyer may still answer. */
  status: z.enum(PAYMENT_ATTEMPT_STATUS_VALUES),
  /** The order's payment status. */
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  /** The order page (with `&payment=return`), where the buyer goes after answering. */
  order_url: z.string(),
  /** The order buys a monthly or yearly tier: the page offers to keep the (test) card for renewals. */
  can_save_card: z.boolean(),
});
export type TestPayment = z.infer<typeof testPaymentSchema>;

/**
 * How the test page keeps its card for renewals (issue 24): `yes` — renewals are charged and paid;
 * `declines` — a card whose renewal charges are declined (like a provider's test card that fails
 * off-session). Ignored unless the order buys a monthly or yearly tier and the outcome is `pay`.
 */
export const TEST_SAVE_CARD_VALUES = ['yes', 'declines'] as const;
export const testPaymentBodySchema = z.strictObject({
  outcome: z.enum(TEST_PAYMENT_OUTCOMES),
  save_card: z.enum(TEST_SAVE_CARD_VALUES).optional(),
});
export type TestPaymentBody = z.infer<typeof testPaymentBodySchema>;
export type TestSaveCard = (typeof TEST_SAVE_CARD_VALUES)[number];
export const testPaymentReplySchema = z.object({ order_url: z.string() });
export type TestPaymentReply = z.infer<typeof testPaymentReplySchema>;
// End of the payments area.
