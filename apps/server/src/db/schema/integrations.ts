import type { ApiTokenScope } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teamId } from './catalogue.ts';

/**
 * API tokens of a team (CONTRACT §8, decision 029; migration 0028 mirrors this). The secret is
 * shown once; only its SHA-256 is kept (`token_hash`), with its last four characters for display.
 * `last_used_*` is written at most once a minute per token, by one conditional UPDATE.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    name: varchar('name', { length: 100 }).notNull(),
    scopes: varchar('scopes', { length: 16 }).array().$type<ApiTokenScope[]>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    lastFour: varchar('last_four', { length: 4 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_team_idx')
      .on(t.teamId, t.id)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
