import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contentPages, countries, currencies, faqItems, languages, referralSources, timeZones } from '../schema/index.ts';
import { contentPages as contentSeed } from './data/content-pages.ts';
import { faqItems as faqSeed } from './data/faq.ts';
import { countrySeed, currencySeed, languageSeed, referralSeed, timeZoneSeed } from './reference-data.ts';

/** The demo provider is seeded by the server's start only (server.ts), not into every test database. */
export { DEMO_OWNER_EMAIL, DEMO_TEAM_NAME, seedDemoProvider } from './demo-provider.ts';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Idempotent: every start upserts the reference data, so texts improved in a release reach
 * existing installations and nothing is duplicated.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(countrySeed())
      .onConflictDoUpdate({ target: countries.code, set: { name: excluded('name') } });
    await tx
      .insert(currencies)
      .values(currencySeed())
      .onConflictDoUpdate({
        target: currencies.code,
        set: { name: excluded('name'), countries: excluded('countries'), sort: excluded('sort'), minorDigits: excluded('minor_digits') },
      });
    await tx
      .insert(languages)
      .values(languageSeed)
      .onConflictDoUpdate({ target: languages.code, set: { name: excluded('name'), sort: excluded('sort') } });
    await tx
      .insert(referralSources)
      .values(referralSeed)
      .onConflictDoUpdate({ target: referralSources.code, set: { label: excluded('label'), sort: excluded('sort') } });
    await tx
      .insert(timeZones)
      .values(timeZoneSeed().map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(faqItems)
      .values(faqSeed.map((f, i) => ({ ...f, sort: i + 1 })))
      .onConflictDoUpdate({
        target: faqItems.key,
        set: { question: excluded('question'), answer: excluded('answer'), sort: excluded('sort') },
      });
    await tx
      .insert(contentPages)
      .values(
        contentSeed.map((p) => ({
          type: p.type,
          group: p.group,
          title: p.title,
          content: p.content,
          seoDesc: p.seo_desc,
          seoKeywords: p.seo_keywords,
        })),
      )
      .onConflictDoUpdate({
        target: [contentPages.type, contentPages.group],
        set: {
          title: excluded('title'),
          content: excluded('content'),
          seoDesc: excluded('seo_desc'),
          seoKeywords: excluded('seo_keywords'),
        },
      });
  });
}
