import type { Translated } from '@bookla/shared';
import { integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Reference data, seeded idempotently at start-up. Names are held per language. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: jsonb('name').$type<Translated>().notNull(),
});

export const currencies = pgTable('currencies', {
  code: varchar('code', { length: 3 }).primaryKey(),
  name: jsonb('name').$type<Translated>().notNull(),
  minorDigits: integer('minor_digits').notNull().default(2),
  countries: jsonb('countries').$type<string[]>().notNull(),
  sort: integer('sort').notNull().default(100),
});

export const languages = pgTable('languages', {
  code: varchar('code', { length: 2 }).primaryKey(),
  /** Endonym: a language is shown in its own name whatever the UI language. */
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
});

export const referralSources = pgTable('referral_sources', {
  code: varchar('code', { length: 32 }).primaryKey(),
  label: jsonb('label').$type<Translated>().notNull(),
  sort: integer('sort').notNull(),
});

export const timeZones = pgTable('time_zones', {
  name: varchar('name', { length: 64 }).primaryKey(),
});

export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  question: jsonb('question').$type<Translated>().notNull(),
  answer: jsonb('answer').$type<Translated>().notNull(),
  sort: integer('sort').notNull(),
});

export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 64 }).notNull(),
    group: varchar('group', { length: 32 }).notNull().default('frontend'),
    title: jsonb('title').$type<Translated>().notNull(),
    content: jsonb('content').$type<Translated>().notNull(),
    seoDesc: jsonb('seo_desc').$type<Translated>().notNull(),
    seoKeywords: jsonb('seo_keywords').$type<Translated>().notNull(),
  },
  (t) => [uniqueIndex('content_pages_type_group_uq').on(t.type, t.group)],
);
