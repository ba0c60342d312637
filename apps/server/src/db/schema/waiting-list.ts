import type { Language } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { activities, activitySessions, teamId } from './catalogue.ts';

/**
 * The waiting list of a sold-out activity (or of one session of a per-date event). The line's
 * order is the entry id (a sequence: concurrent sign-ups get a stable order). When seats free up,
 * the first waiting entries are offered them: the offer holds the seats as ticket reservations
 * under `offer_holder` until `offer_expires_at`, then moves on to the next entry.
 */
export const WAITING_LIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'removed'] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];

export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** Null: the whole activity (course); otherwise one session of a per-date event. */
    sessionId: integer('session_id').references(() => activitySessions.id, { onDelete: 'cascade' }),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    /** Seats wanted. */
    quantity: integer('quantity').notNull(),
    status: varchar('status', { length: 16 }).$type<WaitingListStatus>().notNull().default('waiting'),
    /** SHA-256 of the removal link's token (the sign-up mail). */
    removalTokenHash: varchar('removal_token_hash', { length: 64 }).notNull(),
    /** SHA-256 of the current offer link's token; replaced by each new offer. */
    offerTokenHash: varchar('offer_token_hash', { length: 64 }),
    /** `ticket_reservations.holder` of the seats the offer holds. */
    offerHolder: varchar('offer_holder', { length: 64 }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** The order the offer turned into. */
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waiting_list_line_idx').on(t.teamId, t.activityId, t.sessionId, t.status, t.id),
    index('waiting_list_offer_expiry_idx').on(t.status, t.offerExpiresAt),
    uniqueIndex('waiting_list_removal_uq').on(t.removalTokenHash),
    uniqueIndex('waiting_list_offer_uq').on(t.offerTokenHash),
    check('waiting_list_quantity_ck', sql`${t.quantity} BETWEEN 1 AND 50`),
    check('waiting_list_status_ck', sql`${t.status} IN ('waiting', 'offered', 'booked', 'expired', 'removed')`),
  ],
);

export const WAITING_LIST_EVENT_TYPES = ['joined', 'offered', 'offer_expired', 'booked', 'removed'] as const;
export type WaitingListEventType = (typeof WAITING_LIST_EVENT_TYPES)[number];

/** Every step of an entry, shown to the provider: who (staff user, the customer or the system) did what when. */
export const waitingListEvents = pgTable(
  'waiting_list_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: teamId(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitingListEntries.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24 }).$type<WaitingListEventType>().notNull(),
    actor: varchar('actor', { length: 16 }).$type<'customer' | 'staff' | 'system'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waiting_list_events_entry_idx').on(t.entryId, t.id)],
);
