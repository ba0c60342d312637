import type { BexioStatus, Language, Plan, PlatformInvoiceLine, PlatformInvoiceStatus } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.ts';

/**
 * Platform plans and invoices (CONTRACT §6, decision 031; migration 0032, written by hand: this
 * mirrors it).
 */

/** The plan in force on a day is the row with the latest `effective_from` on or before it (Europe/Zurich). */
export const teamPlanChanges = pgTable(
  'team_plan_changes',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    plan: varchar('plan', { length: 16 }).$type<Plan>().notNull(),
    /** YYYY-MM-DD in the platform's zone. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_plan_changes_team_day_uq').on(t.teamId, t.effectiveFrom),
    check('team_plan_changes_plan_ck', sql`${t.plan} IN ('payg', 'business')`),
  ],
);

export interface PlatformParty {
  name: string;
  /** Address lines as printed (street, postal code and town, country). */
  address: string[];
  vat_id?: string | null;
  iban?: string | null;
}

export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: char('month', { length: 7 }).notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    lines: jsonb('lines').$type<PlatformInvoiceLine[]>().notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatMinor: integer('vat_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    issuer: jsonb('issuer').$type<PlatformParty>().notNull(),
    recipient: jsonb('recipient').$type<PlatformParty>().notNull(),
    status: varchar('status', { length: 8 }).$type<PlatformInvoiceStatus>().notNull().default('open'),
    dueAt: date('due_at', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    bexioStatus: varchar('bexio_status', { length: 16 }).$type<BexioStatus>().notNull().default('not_configured'),
    bexioId: integer('bexio_id'),
    bexioError: varchar('bexio_error', { length: 1000 }),
    bexioAttempts: integer('bexio_attempts').notNull().default(0),
    bexioNextAttemptAt: timestamp('bexio_next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_invoices_team_month_uq').on(t.teamId, t.month),
    uniqueIndex('platform_invoices_number_uq').on(t.number),
    index('platform_invoices_month_idx').on(t.month, t.id),
    index('platform_invoices_bexio_due_idx')
      .on(t.bexioNextAttemptAt)
      .where(sql`bexio_status IN ('pending', 'failed')`),
    check('platform_invoices_month_ck', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('platform_invoices_status_ck', sql`${t.status} IN ('open', 'paid')`),
    check('platform_invoices_bexio_status_ck', sql`${t.bexioStatus} IN ('not_configured', 'pending', 'synced', 'failed')`),
    check('platform_invoices_money_ck', sql`${t.vatMinor} >= 0 AND ${t.totalMinor} = ${t.subtotalMinor} + ${t.vatMinor}`),
  ],
);

/** The team's contact in bexio (contact number `BKL-<team id>` there too). */
export const bexioContacts = pgTable('bexio_contacts', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'restrict' }),
  bexioContactId: integer('bexio_contact_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
