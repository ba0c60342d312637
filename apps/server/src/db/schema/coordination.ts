import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { teams } from './accounts.ts';

/**
 * Coordination of several instances on one database (CONTRACT §7, decision 023; migration 0022,
 * written by hand: this mirrors it).
 */

/**
 * `Idempotency-Key` of the public checkout's POSTs, per team and kind of call (`scope`: `order`,
 * `reservation`). A key is reserved (`pending`, until `locked_until`) before the call's work and
 * completed (`done`) with the reply to answer again; a 5xx or a refusal that may change deletes
 * it, unless the call committed (`committed_id`). Purged 24 h after `created_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    scope: varchar('scope', { length: 16 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 (hex) of the request body as parsed, keys sorted: "the same body". */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    replyStatus: integer('reply_status'),
    /** The reply's body exactly as it was sent. */
    replyBody: text('reply_body'),
    /** While `pending`: when a crashed holder's reservation of the key may be taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * What the call committed (orders: the order's id), set in the same statement as the order
     * (migration 0026): a key with it is never freed, a repeat answers what was committed.
     */
    committedId: integer('committed_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.teamId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_ck', sql`${t.state} IN ('pending', 'done')`),
  ],
);

/**
 * One row per periodic sweep (order expiry, purges, …): an instance runs a sweep only after
 * claiming its tick with a conditional UPDATE (`next_run_at` passed, nobody running it), so the
 * sweep runs on one instance at a time and once per interval across all of them (lib/periodic.ts).
 */
export const periodicRuns = pgTable('periodic_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** Set while an instance runs the sweep; a crashed instance's claim ends here. */
  runningUntil: timestamp('running_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/**
 * A version per team that moves with every change of what its public catalogue, public team data
 * or shop page show (statement-level triggers of migration 0024, in the transaction of the change).
 * Public reads are kept in memory per instance keyed by it (lib/public-cache.ts). No foreign key:
 * a team's deletion cascades into tables whose triggers still write here.
 */
export const catalogueVersions = pgTable(
  'catalogue_versions',
  {
    teamId: integer('team_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogue_versions_changed_idx').on(t.changedAt)],
);
