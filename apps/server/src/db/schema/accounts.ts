import type { DateFormatPreference, Language, Role } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Staff users (company staff). Customers of the shop are a separate table. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull(),
    salutation: varchar('salutation', { length: 8 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('de'),
    /** English dates (profile): `day_first` or `us`; null = follow the current team's country. */
    dateFormat: varchar('date_format', { length: 10 }).$type<Exclude<DateFormatPreference, 'auto'>>(),
    newsletter: boolean('newsletter').notNull().default(false),
    referralId: varchar('referral_id', { length: 32 }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    currentTeamId: integer('current_team_id'),
    /** TOTP secret (base32), encrypted at rest with a key derived from SESSION_SECRET. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Time step of the last accepted TOTP code: a code is accepted once (no replay in its window). */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 hashes of unused recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    check('users_date_format_ck', sql`${t.dateFormat} IN ('day_first', 'us')`),
  ],
);

export interface TeamFeatures {
  subscriptions: boolean;
  waiting_list: boolean;
  resources: boolean;
  embeds: boolean;
}

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    phonePrefix: varchar('phone_prefix', { length: 5 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 50 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    languages: jsonb('languages').$type<Language[]>().notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    billingAddress: varchar('billing_address', { length: 200 }).notNull(),
    billingAddressLine2: varchar('billing_address_line_2', { length: 200 }),
    billingCity: varchar('billing_city', { length: 100 }).notNull(),
    billingState: varchar('billing_state', { length: 100 }),
    billingPostalCode: varchar('billing_postal_code', { length: 20 }).notNull(),
    billingCountry: varchar('billing_country', { length: 2 }).notNull(),
    vatId: varchar('vat_id', { length: 40 }),
    checklistCompleted: boolean('checklist_completed').notNull().default(false),
    logoPath: text('logo_path'),
    features: jsonb('features')
      .$type<TeamFeatures>()
      .notNull()
      .default({ subscriptions: false, waiting_list: true, resources: true, embeds: true }),
    /** Staff must have two-factor authentication to work in this team. */
    require2fa: boolean('require_2fa').notNull().default(false),
    /** Shop branding: the primary colour (#rrggbb); null = the product's own. */
    primaryColor: varchar('primary_color', { length: 7 }),
    /** Optional readable shop address (`/de/shop/{slug}`); the id URL keeps working. */
    slug: varchar('slug', { length: 60 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('teams_name_uq').on(sql`lower(${t.name})`), uniqueIndex('teams_slug_uq').on(sql`lower(${t.slug})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16 }).$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 16 }).$type<Role>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_team_idx').on(t.teamId),
    // At most one open invitation per address and team, also under concurrent requests.
    uniqueIndex('invitations_open_uq')
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
  ],
);

/**
 * Single-use tokens (email verification, password resets). Only the SHA-256 of the token is
 * stored; `used_at` makes them single-use, `expires_at` makes them expire.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 })
      .$type<'verify_email' | 'password_reset' | 'customer_password_reset' | 'customer_magic_link' | 'customer_verify_email'>()
      .notNull(),
    subjectId: integer('subject_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_subject_idx').on(t.kind, t.subjectId)],
);

/** Buyers of a team's shop. Their accounts are used by the shop later; resets work from here on. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    firstname: varchar('firstname', { length: 100 }).notNull().default(''),
    lastname: varchar('lastname', { length: 100 }).notNull().default(''),
    company: varchar('company', { length: 200 }),
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('de'),
    passwordHash: text('password_hash'),
    /** Set when the customer proved the address (magic link or verification link): only then does the account show bookings. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('customers_team_email_uq').on(t.teamId, sql`lower(${t.email})`)],
);
