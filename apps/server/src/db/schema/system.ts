import type { MailAttachmentSpec } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. The CSRF token is bound to the session row.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id'),
    teamId: integer('team_id'),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED so several instances can run. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The claim looks only at open jobs (queued, or running with a claim that may have expired):
    // finished jobs, which pile up, are not in this index, so a claim stays as cheap at a million
    // rows as at ten.
    index('jobs_open_idx')
      .on(t.runAt, t.id)
      .where(sql`status IN ('queued', 'running')`),
    // Finished jobs are pruned after some days (lib/job-prune.ts, migration 0022) through this index.
    index('jobs_finished_idx')
      .on(t.updatedAt)
      .where(sql`status IN ('done', 'failed')`),
  ],
);

/**
 * Every mail is written here first: this is the email archive and the outbox.
 * status: pending → sent | failed (retries exhausted) | kept (no SMTP configured); skipped (over a
 * mail quota when written, never sent: see `mailQuotas`).
 */
export const emails = pgTable(
  'emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id'),
    userId: integer('user_id'),
    kind: varchar('kind', { length: 64 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Attachments rendered when the mail is sent (from the order as it is then), e.g. tickets PDF. */
    attachments: jsonb('attachments').$type<MailAttachmentSpec[]>().notNull().default([]),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('emails_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * Mail quotas (lib/mail-quota.ts): mails an anonymous caller causes, counted per recipient address
 * (`to:` + SHA-256 of the normalized address, so no address is kept here) and per team (`team:<id>`)
 * in fixed hourly windows, by the statement that writes the mail (atomic: ON CONFLICT DO UPDATE).
 */
export const mailQuotas = pgTable(
  'mail_quotas',
  {
    key: varchar('key', { length: 80 }).primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [index('mail_quotas_window_idx').on(t.windowStart)],
);
