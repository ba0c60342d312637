import type { AttributeType, BookingScope, ChoiceOption, FieldCondition, FieldType, ResourceKind, Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { activities, activitySessions, locations, teamId, timestamps, typeSets } from './catalogue.ts';
import { teams } from './accounts.ts';

/**
 * What a team sets up once and reuses across activities: attributes, booking fields, products
 * (spec: "options"), resources, course defaults and holidays. Every table carries `team_id`.
 */

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    type: varchar('type', { length: 16 }).$type<AttributeType>().notNull(),
    label: jsonb('label').$type<Translated>().notNull(),
    /** Choices of select / multiselect attributes. */
    options: jsonb('options').$type<ChoiceOption[]>().notNull().default([]),
    /** Offered as a filter in the shop and embeds. */
    filterable: boolean('filterable').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('attributes_team_idx').on(t.teamId, t.sort),
    check('attributes_type_ck', sql`${t.type} IN (${sqlList(['text', 'number', 'select', 'multiselect', 'boolean', 'date'])})`),
  ],
);

export const typeSetAttributes = pgTable(
  'type_set_attributes',
  {
    teamId: teamId(),
    typeSetId: integer('type_set_id')
      .notNull()
      .references(() => typeSets.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.typeSetId, t.attributeId] }), index('type_set_attributes_attribute_idx').on(t.attributeId)],
);

/** An activity's value of an attribute: string | number | boolean | string[] | ISO date, by type. */
export const activityAttributeValues = pgTable(
  'activity_attribute_values',
  {
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.attributeId] }), index('activity_attribute_values_attr_idx').on(t.attributeId)],
);

export const bookingFields = pgTable(
  'booking_fields',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    type: varchar('type', { length: 16 }).$type<FieldType>().notNull(),
    label: jsonb('label').$type<Translated>().notNull(),
    help: jsonb('help').$type<Translated>().notNull().default({}),
    options: jsonb('options').$type<ChoiceOption[]>().notNull().default([]),
    scope: varchar('scope', { length: 16 }).$type<BookingScope>().notNull().default('participant'),
    required: boolean('required').notNull().default(false),
    /** Shown only when another field of the same booking has one of these values. */
    visibleIf: jsonb('visible_if').$type<FieldCondition | null>(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('booking_fields_team_idx').on(t.teamId, t.sort),
    check(
      'booking_fields_type_ck',
      sql`${t.type} IN (${sqlList(['text', 'textarea', 'number', 'email', 'phone', 'date', 'select', 'multiselect', 'checkbox', 'address'])})`,
    ),
    check('booking_fields_scope_ck', sql`${t.scope} IN ('order', 'participant')`),
  ],
);

export const typeSetFields = pgTable(
  'type_set_fields',
  {
    teamId: teamId(),
    typeSetId: integer('type_set_id')
      .notNull()
      .references(() => typeSets.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => bookingFields.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.typeSetId, t.fieldId] }), index('type_set_fields_field_idx').on(t.fieldId)],
);

/** Extra booking fields of one activity, asked in addition to its type set's fields. */
export const activityFields = pgTable(
  'activity_fields',
  {
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => bookingFields.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.fieldId] }), index('activity_fields_field_idx').on(t.fieldId)],
);

/** Add-ons sold with a booking (the spec's "options", labelled Products). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull().default({}),
    priceMinor: integer('price_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** Null: unlimited. */
    stock: integer('stock'),
    sold: integer('sold').notNull().default(0),
    scope: varchar('scope', { length: 16 }).$type<BookingScope>().notNull().default('order'),
    minPerOrder: integer('min_per_order').notNull().default(0),
    maxPerOrder: integer('max_per_order'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('products_team_idx').on(t.teamId, t.sort),
    check('products_price_ck', sql`${t.priceMinor} >= 0`),
    check('products_sold_within_stock', sql`${t.sold} >= 0 AND (${t.stock} IS NULL OR ${t.sold} <= ${t.stock})`),
    check('products_tax_rate_ck', sql`${t.taxRateBp} >= 0 AND ${t.taxRateBp} <= 10000`),
    check('products_per_order_ck', sql`${t.minPerOrder} >= 0 AND (${t.maxPerOrder} IS NULL OR ${t.maxPerOrder} >= ${t.minPerOrder})`),
    check('products_scope_ck', sql`${t.scope} IN ('order', 'participant')`),
  ],
);

/** Products offered with an activity; `ticketIds` empty = with every ticket of it. */
export const activityProducts = pgTable(
  'activity_products',
  {
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ticketIds: jsonb('ticket_ids').$type<number[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] }), index('activity_products_product_idx').on(t.productId)],
);

export const resourceGroups = pgTable(
  'resource_groups',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    kind: varchar('kind', { length: 16 }).$type<ResourceKind>().notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('resource_groups_team_idx').on(t.teamId, t.sort),
    check('resource_groups_kind_ck', sql`${t.kind} IN ('room', 'equipment', 'instructor')`),
  ],
);

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => resourceGroups.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Translated>().notNull(),
    /** How many can be used at the same time (a room: 1; 20 yoga mats: 20). */
    capacity: integer('capacity').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('resources_group_idx').on(t.groupId, t.sort),
    index('resources_team_idx').on(t.teamId),
    check('resources_capacity_ck', sql`${t.capacity} >= 1`),
  ],
);

/**
 * A resource used by a session. Conflicts (overlapping sessions needing more than the capacity)
 * are found with a range-overlap join on activity_sessions; they are shown, not forbidden.
 */
export const sessionResources = pgTable(
  'session_resources',
  {
    teamId: teamId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.resourceId] }),
    index('session_resources_resource_idx').on(t.resourceId),
    check('session_resources_quantity_ck', sql`${t.quantity} >= 1`),
  ],
);

/** Defaults applied to new activities of a team (`/backend/config/course/defaults/{tab}`). */
export const activityDefaults = pgTable(
  'course_defaults',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    reservationMinutes: integer('reservation_minutes').notNull().default(15),
    bookingClosesMinutes: integer('booking_closes_minutes').notNull().default(0),
    cancellationPolicy: jsonb('cancellation_policy').$type<Translated>().notNull().default({}),
    waitingList: boolean('waiting_list').notNull().default(false),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    capacity: integer('capacity'),
    /** Default session length for new dates, in minutes. */
    sessionMinutes: integer('session_minutes').notNull().default(60),
    ...timestamps,
  },
  (t) => [
    check('course_defaults_tax_ck', sql`${t.taxRateBp} >= 0 AND ${t.taxRateBp} <= 10000`),
    check('course_defaults_reservation_ck', sql`${t.reservationMinutes} BETWEEN 1 AND 1440`),
  ],
);

/** Days without sessions (school holidays, public holidays); the timetable generator skips them. */
export const teamHolidays = pgTable(
  'team_holidays',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: jsonb('name').$type<Translated>().notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    ...timestamps,
  },
  (t) => [
    index('team_holidays_team_idx').on(t.teamId, t.startsOn),
    check('team_holidays_range_ck', sql`${t.endsOn} >= ${t.startsOn}`),
    uniqueIndex('team_holidays_unique_idx').on(t.teamId, t.startsOn, t.endsOn),
  ],
);
