import type { NotificationDelivery, NotificationEvent } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { teamMembers, teams } from './accounts.ts';
import { teamId } from './catalogue.ts';

/**
 * Provider notifications (migration 0020, docs/decisions/020-provider-notifications.md): which
 * events a team's staff are told about and how. No row: every event, immediately, to the owners.
 */
export const teamNotificationSettings = pgTable(
  'team_notification_settings',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    events: jsonb('events')
      .$type<NotificationEvent[]>()
      .notNull()
      .default([
        'order_placed',
        'order_cancelled',
        'refund_requested',
        'refund_made',
        'waitlist_taken',
        'membership_past_due',
        'membership_cancelled',
        'membership_ended',
      ]),
    delivery: varchar('delivery', { length: 16 }).$type<NotificationDelivery>().notNull().default('immediate'),
    /** The last local day (team time zone) whose digest was claimed: the digest's once-per-day fence. */
    lastDigestOn: date('last_digest_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('team_notification_settings_delivery_ck', sql`${t.delivery} IN ('immediate', 'digest')`)],
);

/** The chosen recipients, members of the team (a member who leaves is removed with the membership). */
export const teamNotificationRecipients = pgTable(
  'team_notification_recipients',
  {
    teamId: integer('team_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'team_notification_recipients_pk', columns: [t.teamId, t.userId] }),
    foreignKey({
      name: 'team_notification_recipients_member_fk',
      columns: [t.teamId, t.userId],
      foreignColumns: [teamMembers.teamId, teamMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * One row per event a team may be told about (an order's or a membership's); `key` records each
 * event once (and mails it once).
 */
export const teamNotificationEvents = pgTable(
  'team_notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: teamId(),
    key: varchar('key', { length: 80 }).notNull(),
    event: varchar('event', { length: 24 }).$type<NotificationEvent>().notNull(),
    orderId: integer('order_id'),
    /** A membership's event (migration 0031): the membership it concerns (order_id then null). */
    membershipId: integer('membership_id'),
    /** What the mails show, as it was when the event happened (number, customer, amounts in minor units). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_notification_events_key_uq').on(t.teamId, t.key),
    index('team_notification_events_day_idx').on(t.teamId, t.occurredAt),
  ],
);
