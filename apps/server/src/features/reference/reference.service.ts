import { pickText, type Language, type Translated } from '@bookla/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentPages, countries, currencies, faqItems, languages, referralSources, timeZones } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

export interface Option {
  value: string;
  label: string;
}

const collators = new Map<Language, Intl.Collator>();
/** One collator per language: `localeCompare(b, lang)` builds a new one for every comparison. */
const byLabel = (lang: Language) => {
  let collator = collators.get(lang);
  if (!collator) collators.set(lang, (collator = new Intl.Collator(lang)));
  return (a: Option, b: Option) => collator.compare(a.label, b.label);
};

export async function countryOptions(db: Db, lang: Language): Promise<Option[]> {
  const rows = await db.select().from(countries);
  return rows.map((r) => ({ value: r.code, label: pickText(r.name, lang) })).sort(byLabel(lang));
}

export async function currencyOptions(db: Db, lang: Language): Promise<(Option & { countries: string[] })[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code));
  return rows.map((r) => ({ value: r.code, label: `${pickText(r.name, lang)} (${r.code})`, countries: r.countries }));
}

export async function languageOptions(db: Db): Promise<Option[]> {
  const rows = await db.select().from(languages).orderBy(asc(languages.sort));
  return rows.map((r) => ({ value: r.code, label: r.name }));
}

export async function referralOptions(db: Db, lang: Language): Promise<Option[]> {
  const rows = await db.select().from(referralSources).orderBy(asc(referralSources.sort));
  return rows.map((r) => ({ value: r.code, label: pickText(r.label, lang) }));
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** "+01:00" for the zone's offset at a moment (so the label follows daylight saving time). */
export function utcOffset(zone: string, at = new Date()): string {
  let format = offsetFormats.get(zone);
  if (!format) offsetFormats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return part?.replace('GMT', '') || '+00:00';
}

export async function timeZoneOptions(db: Db, at = new Date()): Promise<Option[]> {
  const rows = await db.select().from(timeZones).orderBy(asc(timeZones.name));
  return rows.map((r) => ({ value: r.name, label: `${r.name} (UTC${utcOffset(r.name, at)})` }));
}

export async function faqList(db: Db): Promise<{ question: Translated; answer: Translated }[]> {
  const rows = await db.select().from(faqItems).orderBy(asc(faqItems.sort));
  return rows.map((r) => ({ question: r.question, answer: r.answer }));
}

export async function contentPage(db: Db, type: string, group: string, lang: Language) {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.type, type), eq(contentPages.group, group)));
  if (!row) throw notFound();
  return {
    title: pickText(row.title, lang),
    content: pickText(row.content, lang),
    seo_desc: pickText(row.seoDesc, lang),
    seo_keywords: pickText(row.seoKeywords, lang),
  };
}

export async function isCountry(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code.toUpperCase()));
  return !!row;
}
