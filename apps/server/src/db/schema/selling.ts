import type {
  DiscountType,
  Language,
  OrderEventType,
  PaymentProvider,
  PaymentStatus,
  PaymentAttemptStatus,
  PlatformTier,
  TaxRateSetting,
} from '@bookla/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.ts';
import { activities, activitySessions, teamId, tickets, timestamps } from './catalogue.ts';
import { products } from './catalogue-setup.ts';

/**
 * Selling: orders and what they hold, payments, discounts, and the team's selling settings.
 * Every table carries `team_id`; repos filter by it on every query. Money is integer minor units
 * in the order's currency (the team's currency at the time of the order).
 */

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const PAYMENT_STATUSES = [
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

/**
 * One row per team: taxes (`/backend/config/tax`), payment integrations
 * (`/backend/config/integration`) and the platform tier. Created on first use with the defaults.
 */
export const teamSellingSettings = pgTable(
  'team_selling_settings',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    // Taxes
    /**
     * Registered for VAT: prices include VAT and documents show it with the VAT number. Off until
     * the team says so (a VAT id or the choice at sign-up, the tax settings; migration 0019).
     */
    chargesVat: boolean('charges_vat').notNull().default(false),
    /** VAT number shown on invoices (Swiss UID with MWST/TVA/IVA, or an EU VAT id); required while registered. */
    vatNumber: varchar('vat_number', { length: 40 }),
    /** The rates a ticket or product may use, in basis points (810 = 8.1 %), with a label. */
    taxRates: jsonb('tax_rates')
      .$type<TaxRateSetting[]>()
      .notNull()
      .default([
        { rate_bp: 810, label: { de: 'Normalsatz', en: 'Standard rate', fr: 'Taux normal' } },
        { rate_bp: 260, label: { de: 'Reduzierter Satz', en: 'Reduced rate', fr: 'Taux réduit' } },
        { rate_bp: 380, label: { de: 'Beherbergung', en: 'Accommodation', fr: 'Hébergement' } },
        { rate_bp: 0, label: { de: 'Steuerfrei', en: 'Tax exempt', fr: 'Exonéré' } },
      ]),
    defaultTaxRateBp: integer('default_tax_rate_bp').notNull().default(810),
    // Payment methods
    invoiceEnabled: boolean('invoice_enabled').notNull().default(false),
    /** Days until an invoice is due; the order's seats are held until then. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(14),
    iban: varchar('iban', { length: 34 }),
    /** QR-IBAN (IID 30000–31999): with it the QR-bill carries a QR reference. */
    qrIban: varchar('qr_iban', { length: 34 }),
    stripeEnabled: boolean('stripe_enabled').notNull().default(false),
    stripePublishableKey: varchar('stripe_publishable_key', { length: 200 }),
    /** AES-256-GCM with a key derived for this purpose (like 2FA secrets); never sent back. */
    stripeSecretKeyEnc: text('stripe_secret_key_enc'),
    stripeWebhookSecretEnc: text('stripe_webhook_secret_enc'),
    /** Stripe Connect: the team's connected account (the platform fee goes as application fee). */
    stripeAccountId: varchar('stripe_account_id', { length: 64 }),
    /** Datatrans (cards, TWINT): merchant id, API password and webhook HMAC key (sealed like Stripe's). */
    datatransEnabled: boolean('datatrans_enabled').notNull().default(false),
    datatransMerchantId: varchar('datatrans_merchant_id', { length: 20 }),
    datatransPasswordEnc: text('datatrans_password_enc'),
    datatransHmacKeyEnc: text('datatrans_hmac_key_enc'),
    datatransSandbox: boolean('datatrans_sandbox').notNull().default(true),
    /** A clearly labelled test payment page (no real money); off for real teams, on for the demo. */
    testModeEnabled: boolean('test_mode_enabled').notNull().default(false),
    /** The seeded demo provider: test mode may stay on beside invoice/Stripe. Never set through the API. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The team's terms and conditions, linked at checkout. */
    termsUrl: varchar('terms_url', { length: 500 }),
    /**
     * @deprecated Not read any more: the platform plan per day (team_plan_changes, decision 031)
     * decides the fee. Migration 0032 copied it there; the column stays for older rows.
     */
    tier: varchar('tier', { length: 16 }).$type<PlatformTier>().notNull().default('payg'),
    /** Days a past_due membership waits for its payment before it expires (migration 0025). */
    membershipGraceDays: integer('membership_grace_days').notNull().default(14),
    ...timestamps,
  },
  (t) => [
    check('team_selling_default_rate_ck', sql`${t.defaultTaxRateBp} >= 0 AND ${t.defaultTaxRateBp} <= 10000`),
    check('team_selling_due_days_ck', sql`${t.invoiceDueDays} BETWEEN 1 AND 365`),
    check('team_selling_tier_ck', sql`${t.tier} IN ('payg', 'business')`),
  ],
);

/**
 * The last order number given per team. Taken with `UPDATE … SET last_number = last_number + 1
 * RETURNING` inside the order's transaction: the row lock serialises concurrent orders, and a
 * rolled-back order rolls its number back too, so numbers have no gaps and no duplicates.
 */
export const orderNumberCounters = pgTable('order_number_counters', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }),
    type: varchar('type', { length: 8 }).$type<DiscountType>().notNull(),
    /** percent: basis points (1000 = 10 %); fixed: minor units of the team's currency. */
    value: integer('value').notNull(),
    maxUses: integer('max_uses'),
    /** Counted with a conditional UPDATE in the order's transaction; never above max_uses. */
    usedCount: integer('used_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Empty: valid for every activity. */
    activityIds: jsonb('activity_ids').$type<number[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('discounts_team_code_uq').on(t.teamId, sql`lower(${t.code})`),
    index('discounts_team_created_idx').on(t.teamId, t.createdAt.desc()),
    check('discounts_type_ck', sql`${t.type} IN ('percent', 'fixed')`),
    check('discounts_value_ck', sql`${t.value} > 0 AND (${t.type} <> 'percent' OR ${t.value} <= 10000)`),
    check('discounts_uses_ck', sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    /** The invoice number: sequential per team, from order_number_counters. */
    number: integer('number').notNull(),
    customerId: integer('customer_id'),
    salutation: varchar('salutation', { length: 8 }),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 50 }),
    company: varchar('company', { length: 200 }),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    paymentType: varchar('payment_type', { length: 16 }).$type<PaymentProvider>().notNull(),
    paymentStatus: varchar('payment_status', { length: 24 }).$type<PaymentStatus>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Sum of the lines before the discount. */
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    discountCode: varchar('discount_code', { length: 40 }),
    discountTotalMinor: integer('discount_total_minor').notNull().default(0),
    /** VAT contained in the total (prices include VAT), summed from the per-line rounded parts. */
    taxTotalMinor: integer('tax_total_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** The platform's fee for this order (tier percentage + fixed part; 0 for free orders). */
    platformFeeMinor: integer('platform_fee_minor').notNull().default(0),
    /** Placed with the test-mode page: no real money; "TEST" on every document and mail, never checked in, counted nowhere, no fee. */
    isTest: boolean('is_test').notNull().default(false),
    /** Answers to the order-level booking fields, keyed by field id. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** An unpaid order gives its seats back after this moment (invoice due date, online payment window). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    invoiceDueAt: timestamp('invoice_due_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The order's id in public URLs (random, unguessable; the sequential id and number never appear there). Migration 0016. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** Part of every order link's HMAC: staff bump it to revoke the links sent so far (order-links.ts). */
    linkVersion: integer('link_version').notNull().default(0),
    /** The ordering visitor's client key (HMAC) and normalised e-mail: what its unpaid seats count under (migration 0013). */
    holderKey: varchar('holder_key', { length: 64 }),
    holderEmail: varchar('holder_email', { length: 254 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_team_number_uq').on(t.teamId, t.number),
    uniqueIndex('orders_public_id_uq').on(t.publicId),
    index('orders_team_id_idx').on(t.teamId, t.id.desc()),
    index('orders_team_email_idx').on(t.teamId, sql`lower(${t.email})`),
    index('orders_waiting_holder_key_idx')
      .on(t.teamId, t.holderKey)
      .where(sql`${t.paymentStatus} = 'waiting' AND ${t.holderKey} IS NOT NULL`),
    index('orders_waiting_holder_email_idx')
      .on(t.teamId, t.holderEmail)
      .where(sql`${t.paymentStatus} = 'waiting' AND ${t.holderEmail} IS NOT NULL`),
    // Statistics: a team's orders of a date range (sales chart, statistics page, a day's recount)…
    index('orders_team_created_idx').on(t.teamId, t.createdAt),
    // …and the days of the orders changed since the rollup's last look, index-only (statistics-rollup.ts).
    index('orders_team_updated_idx').on(t.teamId, t.updatedAt, t.createdAt),
    index('orders_hold_idx')
      .on(t.holdUntil)
      .where(sql`payment_status = 'waiting'`),
    check('orders_payment_status_ck', sql`${t.paymentStatus} IN (${sqlList(PAYMENT_STATUSES)})`),
    check(
      'orders_money_ck',
      sql`${t.subtotalMinor} >= 0 AND ${t.discountTotalMinor} >= 0 AND ${t.totalMinor} >= 0 AND ${t.taxTotalMinor} >= 0`,
    ),
  ],
);

/** One line per ticket bought; the names and prices are copied as they were when sold. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => activitySessions.id, { onDelete: 'set null' }),
    /** Activity and ticket name in every language, as sold. */
    activityName: jsonb('activity_name').$type<Record<string, string>>().notNull(),
    ticketName: jsonb('ticket_name').$type<Record<string, string>>().notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    /** unit price × quantity − this line's share of the discount. */
    totalMinor: integer('total_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** A line that bought a subscription tier (no ticket, no activity); FK in migration 0025. */
    subscriptionTierId: integer('subscription_tier_id'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.sort),
    index('order_items_ticket_idx').on(t.ticketId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/** One participant per seat; each carries its ticket code (the QR code's secret). */
export const orderParticipants = pgTable(
  'order_participants',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** ≥ 128 random bits, base64url; the check-in URL carries it. */
    ticketCode: varchar('ticket_code', { length: 64 }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    /** Booked with this membership (the seat cost a credit, or nothing on an unlimited tier); FK in migration 0025. */
    membershipId: integer('membership_id'),
  },
  (t) => [uniqueIndex('order_participants_code_uq').on(t.ticketCode), index('order_participants_order_idx').on(t.orderId, t.sort)],
);

/** Products bought with an order, per order or for one participant. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').references(() => orderParticipants.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    totalMinor: integer('total_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
  },
  (t) => [index('order_products_order_idx').on(t.orderId), check('order_products_quantity_ck', sql`${t.quantity} > 0`)],
);

/** A payment attempt with a provider (a Stripe Checkout session, a test-mode page, an invoice). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).$type<PaymentProvider>().notNull(),
    status: varchar('status', { length: 16 }).$type<PaymentAttemptStatus>().notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The provider's id (Stripe Checkout session id, test-mode session id). */
    externalId: varchar('external_id', { length: 200 }),
    /** Stripe PaymentIntent id, for refunds. */
    externalPaymentId: varchar('external_payment_id', { length: 200 }),
    /** Where the buyer pays (hosted page); null once finished. */
    checkoutUrl: text('checkout_url'),
    /** The card this payment kept for renewals (the provider's reference, sealed; migration 0030). Never a card number. */
    savedCard: text('saved_card'),
    /** What the provider says of that card (brand, last four digits), for people to recognise it. */
    cardLabel: varchar('card_label', { length: 40 }),
    /** A charge of a saved card: the provider's idempotency key (one per renewal order). */
    idempotencyKey: varchar('idempotency_key', { length: 200 }),
    /** When a sweep claimed the charge's provider call (another claims it again only after a while). */
    chargeClaimedAt: timestamp('charge_claimed_at', { withTimezone: true }),
    /** The provider's reason when the charge was declined. */
    failure: varchar('failure', { length: 200 }),
    ...timestamps,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_external_uq')
      .on(t.provider, t.externalId)
      .where(sql`external_id IS NOT NULL`),
    uniqueIndex('payments_idempotency_key_uq')
      .on(t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

/**
 * A refund asked of a provider: reserved (`pending`) before the network call, so concurrent refunds
 * of one order never ask for more than is left, then `succeeded` / `failed` after it. The
 * idempotency key goes to the provider: a retry of the same row never refunds twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    status: varchar('status', { length: 16 }).$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    externalRefundId: varchar('external_refund_id', { length: 200 }),
    failure: varchar('failure', { length: 200 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_refunds_key_uq').on(t.idempotencyKey),
    index('payment_refunds_order_idx').on(t.orderId),
    check('payment_refunds_amount_ck', sql`${t.amountMinor} > 0`),
  ],
);

/** Webhook events already handled: the same event id twice changes nothing the second time. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    /** The team the event was verified for: replay keys are per team. */
    teamId: teamId(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    orderId: integer('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.provider, t.eventId] })],
);

/** Who changed what when, per order: the order's history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: teamId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 32 }).$type<OrderEventType>().notNull(),
    /** The staff user who did it; null for the customer, a provider webhook or the system. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: varchar('actor', { length: 16 }).$type<'customer' | 'staff' | 'provider' | 'system'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
