import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teamId } from './catalogue.ts';
import { resources } from './catalogue-setup.ts';

/**
 * An instructor's private calendar feed (CONTRACT §8, migration 0027): one per instructor resource,
 * its token stored as SHA-256 only (decision 007). Rotating replaces the hash, revoking deletes
 * the row: the old URL answers 404 at once, on every instance (nothing is cached).
 */
export const instructorCalendarFeeds = pgTable(
  'instructor_calendar_feeds',
  {
    resourceId: integer('resource_id')
      .primaryKey()
      .references(() => resources.id, { onDelete: 'cascade' }),
    teamId: teamId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a calendar client last fetched it (written at most every 10 minutes). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('instructor_calendar_feeds_token_uq').on(t.tokenHash), index('instructor_calendar_feeds_team_idx').on(t.teamId)],
);
