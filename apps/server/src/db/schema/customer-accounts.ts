import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { teamId } from './catalogue.ts';

/**
 * Sessions of shop customers, apart from staff sessions (own cookie, own table): a customer
 * session belongs to one team's shop. The cookie carries a random token; only its SHA-256 is
 * stored here.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    teamId: teamId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId), index('customer_sessions_expires_idx').on(t.expiresAt)],
);
