import type { WebhookDeliveryStatus, WebhookEventType } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teamId } from './catalogue.ts';

/**
 * Webhooks (CONTRACT §8, decision 030; migration 0029, written by hand: this mirrors it). The
 * triggers of 0029 write `webhook_events` from order, waiting-list and membership events in the
 * transaction that made them; the background sweep fans them out to `webhook_deliveries` and sends.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    teamId: teamId(),
    url: varchar('url', { length: 2000 }).notNull(),
    events: varchar('events', { length: 40 }).array().$type<WebhookEventType[]>().notNull(),
    /** The signing secret, sealed (lib/secret-box.ts, purpose `webhook-secrets`, bound to the endpoint). */
    secretSealed: text('secret_sealed').notNull(),
    secretHint: varchar('secret_hint', { length: 16 }).notNull(),
    /** After a rotation the previous secret signs too, until `previous_secret_until`. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: varchar('disabled_reason', { length: 16 }).$type<'failing' | 'manual'>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_team_idx').on(t.teamId, t.id),
    check('webhook_endpoints_disabled_ck', sql`${t.disabledReason} IS NULL OR ${t.disabledReason} IN ('failing', 'manual')`),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The payload's `id`: receivers drop repeats by it. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    teamId: teamId(),
    type: varchar('type', { length: 40 }).notNull(),
    /** `order` | `waitinglist` | `membership` | `test`, and the id of that row. */
    source: varchar('source', { length: 16 }).notNull(),
    sourceId: integer('source_id').notNull(),
    /** The source event's own data (participant, refund, reason, membership change). */
    sourceData: jsonb('source_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Only this endpoint (a test event); null: every endpoint of the team that wants the type. */
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The payload's `data`, built once at fan-out (every delivery and resend sends the same). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_events_public_uq').on(t.publicId),
    index('webhook_events_waiting_idx')
      .on(t.id)
      .where(sql`${t.fannedOutAt} IS NULL`),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: teamId(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponse: varchar('last_response', { length: 1000 }),
    lastError: varchar('last_error', { length: 500 }),
    requestBody: text('request_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_ck', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);
