import type { MembershipEventKind, MembershipStatus, SubscriptionStatus, TierInterval, Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { teamId, timestamps } from './catalogue.ts';
import { orders, payments } from './selling.ts';

/** How a membership's next period is paid: as its first one was (migration 0025). `none`: a pass, never renewed. */
export type RenewalMethod = 'free' | 'invoice' | 'card' | 'none';

/** What a studio sells as a membership or a pass (CONTRACT §5, migration 0025). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({}),
    /** Covered activities and type sets; both empty: every activity of the team. */
    activityIds: jsonb('activity_ids').$type<number[]>().notNull().default([]),
    typeSetIds: jsonb('type_set_ids').$type<number[]>().notNull().default([]),
    status: varchar('status', { length: 16 }).$type<SubscriptionStatus>().notNull().default('draft'),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_team_created_idx').on(t.teamId, t.createdAt.desc()),
    check('subscriptions_status_ck', sql`${t.status} IN ('draft', 'published')`),
  ],
);

/** The ways to buy a subscription: price, interval, credits per period, seats per booking. */
export const subscriptionTiers = pgTable(
  'subscription_tiers',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Translated>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    interval: varchar('interval', { length: 8 }).$type<TierInterval>().notNull(),
    /** `once` only: days the pass is valid from its purchase. */
    validDays: integer('valid_days'),
    /** Per period; null: unlimited. */
    credits: integer('credits'),
    seatsPerBooking: integer('seats_per_booking').notNull().default(1),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('subscription_tiers_subscription_idx').on(t.subscriptionId, t.sort),
    check('subscription_tiers_interval_ck', sql`${t.interval} IN ('once', 'month', 'year')`),
    check(
      'subscription_tiers_valid_days_ck',
      sql`(${t.interval} = 'once') = (${t.validDays} IS NOT NULL) AND (${t.validDays} IS NULL OR ${t.validDays} BETWEEN 1 AND 3650)`,
    ),
    check(
      'subscription_tiers_numbers_ck',
      sql`${t.priceMinor} >= 0 AND (${t.credits} IS NULL OR ${t.credits} BETWEEN 1 AND 1000) AND ${t.seatsPerBooking} BETWEEN 1 AND 10 AND ${t.taxRateBp} BETWEEN 0 AND 10000`,
    ),
  ],
);

/** A customer's membership: one tier, one period at a time. */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    tierId: integer('tier_id')
      .notNull()
      .references(() => subscriptionTiers.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The order that bought it. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).$type<MembershipStatus>().notNull().default('active'),
    renewalMethod: varchar('renewal_method', { length: 16 }).$type<RenewalMethod>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** null: unlimited. Taken with a conditional update (never below zero). */
    creditsLeft: integer('credits_left'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** The open invoice of the current period (invoice renewals). */
    renewalOrderId: integer('renewal_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The saved card renewals are charged to: the payment that kept it (migration 0030). */
    cardPaymentId: integer('card_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The period end the upcoming-renewal mail was sent for (yearly tiers). */
    renewalNoticeFor: timestamp('renewal_notice_for', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    isTest: boolean('is_test').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('memberships_subscription_idx').on(t.subscriptionId, t.createdAt.desc()),
    index('memberships_customer_idx').on(t.customerId),
    uniqueIndex('memberships_order_tier_uq')
      .on(t.orderId, t.tierId)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('memberships_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} IN ('active', 'past_due')`),
    check('memberships_status_ck', sql`${t.status} IN ('active', 'past_due', 'cancelled', 'expired')`),
    check('memberships_renewal_method_ck', sql`${t.renewalMethod} IN ('free', 'invoice', 'card', 'none')`),
    check('memberships_credits_ck', sql`${t.creditsLeft} IS NULL OR ${t.creditsLeft} >= 0`),
    check('memberships_period_ck', sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
  ],
);

/** A membership's history: purchase, renewals, credits used, returned and given, cancellation. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).$type<MembershipEventKind>().notNull(),
    credits: integer('credits').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    participantId: integer('participant_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `renewed`: the period it renewed to (unique per membership). */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_events_membership_idx').on(t.membershipId, t.id.desc()),
    uniqueIndex('membership_events_renewed_uq')
      .on(t.membershipId, t.periodEnd)
      .where(sql`${t.kind} = 'renewed'`),
  ],
);
