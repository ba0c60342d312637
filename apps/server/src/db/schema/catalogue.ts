import type { ActivityKind, ActivityStatus, SessionStatus, TicketVisibility, Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { teams } from './accounts.ts';

/**
 * The catalogue: what providers sell. Every table carries `team_id`; repos filter by it on every
 * query, so a record of another team is simply not found.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const teamId = () =>
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
    headerImagePath: varchar('header_image_path', { length: 300 }),
    ...timestamps,
  },
  (t) => [
    index('activities_team_created_idx').on(t.teamId, t.createdAt.desc()),
    index('activities_parent_idx').on(t.parentId),
    check('activities_kind_ck', sql`${t.kind} IN ('course', 'event')`),
    check('activities_status_ck', sql`${t.status} IN ('draft', 'published', 'archived')`),
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
    ...timestamps,
  },
  (t) => [
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
