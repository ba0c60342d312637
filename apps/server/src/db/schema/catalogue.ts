import type { ActivityKind, ActivityStatus, SessionStatus, TicketVisibility, Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.ts';

/**
 * The catalogue: what providers sell. Every table carries `team_id`; repos filter by it on every
 * query, so a record of another team is simply not found.
 */

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const teamId = () =>
  integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const typeSets = pgTable(
  'type_sets',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    kind: varchar('kind', { length: 16 }).$type<ActivityKind>().notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('type_sets_team_idx').on(t.teamId, t.sort), check('type_sets_kind_ck', sql`${t.kind} IN ('course', 'event')`)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    address: varchar('address', { length: 200 }),
    postalCode: varchar('postal_code', { length: 20 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    directions: jsonb('directions').$type<Translated>().notNull().default({}),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    ...timestamps,
  },
  (t) => [index('locations_team_idx').on(t.teamId, t.createdAt.desc())],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    typeSetId: integer('type_set_id')
      .notNull()
      .references(() => typeSets.id, { onDelete: 'restrict' }),
    /** Copied from the type set when the activity is created. */
    kind: varchar('kind', { length: 16 }).$type<ActivityKind>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => activities.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({}),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).$type<ActivityStatus>().notNull().default('draft'),
    /** Storage key prefix of the header image (variants `{key}/list.webp`, `{key}/detail.webp`). */
    headerImagePath: varchar('header_image_path', { length: 300 }),
    /** Booking window: opens at (null = at once), closes this many minutes before the first session. */
    bookingOpensAt: timestamp('booking_opens_at', { withTimezone: true }),
    bookingClosesMinutes: integer('booking_closes_minutes').notNull().default(0),
    waitingList: boolean('waiting_list').notNull().default(false),
    /** How long a waiting-list offer holds its seats before it moves on to the next person. */
    waitingListOfferHours: integer('waiting_list_offer_hours').notNull().default(24),
    /**
     * Self-service cancellation: customers may cancel with a full refund until this many hours
     * before the (first) session; null = only the provider cancels.
     */
    cancelFreeHours: integer('cancel_free_hours'),
    /** After that window: may the customer still cancel (no refund; the seat goes back)? */
    cancelLateAllowed: boolean('cancel_late_allowed').notNull().default(false),
    cancellationPolicy: jsonb('cancellation_policy').$type<Translated>().notNull().default({}),
    /** How long a started checkout holds seats. */
    reservationMinutes: integer('reservation_minutes').notNull().default(15),
    /** Maximum participants of the whole activity (null = only ticket stock limits). */
    capacity: integer('capacity'),
    /** Seats one visitor may hold unpaid (reservations, unpaid orders) at once (null = HOLD_LIMIT_DEFAULT; migration 0013). */
    holdLimit: integer('hold_limit'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The next scheduled session after the moment it was computed, kept by a trigger on
     * activity_sessions (migration 0006). Goes stale as time passes: only a value after now is
     * current; public.repo.ts computes the rest live and refreshStaleNextSessions() renews them.
     */
    nextSessionAt: timestamp('next_session_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The back-office list's default order (newest first, id as tie-breaker) straight from the index.
    index('activities_team_created_idx').on(t.teamId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('activities_parent_idx').on(t.parentId),
    check('activities_kind_ck', sql`${t.kind} IN ('course', 'event')`),
    check('activities_status_ck', sql`${t.status} IN ('draft', 'published', 'archived')`),
    check('activities_reservation_ck', sql`${t.reservationMinutes} BETWEEN 1 AND 1440`),
    check('activities_offer_hours_ck', sql`${t.waitingListOfferHours} BETWEEN 1 AND 336`),
    check('activities_cancel_hours_ck', sql`${t.cancelFreeHours} IS NULL OR ${t.cancelFreeHours} BETWEEN 0 AND 8760`),
    check('activities_capacity_ck', sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
    check('activities_hold_limit_ck', sql`${t.holdLimit} IS NULL OR ${t.holdLimit} >= 1`),
    // The public read model picks a team's published activities by id without reading the table.
    index('activities_team_status_idx').on(t.teamId, t.status, t.id),
    // The public list: a team's published activities with their stored next date, without the table.
    index('activities_team_status_next_idx').on(t.teamId, t.status, t.nextSessionAt, t.id),
  ],
);

export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).$type<SessionStatus>().notNull().default('scheduled'),
    /** Free text for this date only (e.g. "Room 2 instead"). */
    note: jsonb('note').$type<Translated>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('activity_sessions_team_starts_idx').on(t.teamId, t.startsAt),
    index('activity_sessions_activity_starts_idx').on(t.activityId, t.startsAt),
    check('activity_sessions_status_ck', sql`${t.status} IN ('scheduled', 'cancelled')`),
    check('activity_sessions_range_ck', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** Null: a ticket for the whole activity; otherwise a drop-in ticket for one session. */
    sessionId: integer('session_id').references(() => activitySessions.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Translated>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    /** Tax rate in basis points (810 = 8.1 %). */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order'),
    description: jsonb('description').$type<Translated>().notNull().default({}),
    visibility: varchar('visibility', { length: 16 }).$type<TicketVisibility>().notNull().default('public'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('tickets_activity_idx').on(t.activityId, t.sort),
    index('tickets_session_idx').on(t.sessionId),
    check('tickets_sold_within_stock', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.stock}`),
    check('tickets_price_ck', sql`${t.priceMinor} >= 0`),
    check('tickets_stock_ck', sql`${t.stock} >= 0`),
    check('tickets_tax_rate_ck', sql`${t.taxRateBp} >= 0 AND ${t.taxRateBp} <= 10000`),
    check('tickets_per_order_ck', sql`${t.minPerOrder} >= 1 AND (${t.maxPerOrder} IS NULL OR ${t.maxPerOrder} >= ${t.minPerOrder})`),
    check('tickets_visibility_ck', sql`${t.visibility} IN ('public', 'hidden')`),
  ],
);

/** Staff users who teach an activity (role instructor or any other member). */
export const activityInstructors = pgTable(
  'activity_instructors',
  {
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_instructors_user_idx').on(t.teamId, t.userId)],
);

/**
 * Seats held by a started checkout. Availability = stock − sold − SUM(quantity of unexpired rows);
 * the ticket row is locked (FOR UPDATE) while a reservation is added, so two buyers cannot both
 * take the last seat. Nothing else stores a reserved count, so nothing can drift.
 */
export const ticketReservations = pgTable(
  'ticket_reservations',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Groups the reservations of one checkout (the order later). */
    holder: varchar('holder', { length: 64 }).notNull(),
    /** The reserving visitor's client key, as an HMAC (null: not reserved by a shop visitor). */
    holderKey: varchar('holder_key', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_reservations_ticket_idx').on(t.ticketId, t.expiresAt),
    index('ticket_reservations_holder_idx').on(t.holder),
    index('ticket_reservations_holder_key_idx')
      .on(t.teamId, t.holderKey, t.expiresAt)
      .where(sql`${t.holderKey} IS NOT NULL`),
    check('ticket_reservations_quantity_ck', sql`${t.quantity} > 0`),
  ],
);
