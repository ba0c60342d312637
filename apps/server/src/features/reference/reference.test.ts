import { CONTENT_TYPES } from '@bookla/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seedReferenceData } from '../../db/seed/index.ts';
import { countries, faqItems } from '../../db/schema/index.ts';
import { utcOffset } from './reference.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, lang?: string) => t.app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });

describe('option lists', () => {
  it('lists every ISO country with labels in the request language, sorted by label', async () => {
    const de = (await get('/api/srl/options/country', 'de')).json() as { value: string; label: string }[];
    const fr = (await get('/api/srl/options/country?language=fr')).json() as { value: string; label: string }[];
    expect(de.length).toBe(249);
    expect(de.find((c) => c.value === 'CH')?.label).toBe('Schweiz');
    expect(fr.find((c) => c.value === 'DE')?.label).toBe('Allemagne');
    const labels = de.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('lists currencies with their countries, CHF first', async () => {
    const list = (await get('/api/srl/options/currency', 'en')).json() as { value: string; label: string; countries: string[] }[];
    expect(list[0]).toEqual({ value: 'CHF', label: 'Swiss Franc (CHF)', countries: ['CH', 'LI'] });
    for (const code of ['EUR', 'USD', 'GBP']) expect(list.map((c) => c.value)).toContain(code);
    expect(list.find((c) => c.value === 'EUR')!.countries).toContain('DE');
  });

  it('lists the three languages by their own names', async () => {
    expect((await get('/api/srl/options/language', 'fr')).json()).toEqual([
      { value: 'de', label: 'Deutsch' },
      { value: 'en', label: 'English' },
      { value: 'fr', label: 'Français' },
    ]);
  });

  it('lists referral sources translated', async () => {
    const fr = (await get('/api/srl/options/referral', 'fr')).json() as { value: string; label: string }[];
    expect(fr.find((r) => r.value === 'search')?.label).toBe('Moteur de recherche');
  });

  it('lists IANA time zones with their current offset', async () => {
    const list = (await get('/api/srl/options/timezones')).json() as { value: string; label: string }[];
    const zurich = list.find((z) => z.value === 'Europe/Zurich');
    expect(zurich?.label).toMatch(/^Europe\/Zurich \(UTC\+0[12]:00\)$/);
    expect(utcOffset('Europe/Zurich', new Date('2026-01-15T12:00:00Z'))).toBe('+01:00');
    expect(utcOffset('Europe/Zurich', new Date('2026-07-15T12:00:00Z'))).toBe('+02:00');
    expect(utcOffset('UTC')).toBe('+00:00');
  });
});

describe('FAQ and content pages', () => {
  it('answers the FAQ with every language', async () => {
    const faq = (await get('/api/faq')).json() as { question: Record<string, string>; answer: Record<string, string> }[];
    expect(faq.length).toBeGreaterThanOrEqual(10);
    for (const item of faq) for (const lang of ['de', 'en', 'fr']) expect(item.question[lang]?.length).toBeGreaterThan(5);
  });

  it('answers every footer page in the request language, group defaulting to frontend', async () => {
    for (const type of CONTENT_TYPES) {
      const en = await get(`/api/content/${type}/frontend`, 'en');
      expect(en.statusCode, type).toBe(200);
      const body = en.json();
      expect(Object.keys(body).sort()).toEqual(['content', 'seo_desc', 'seo_keywords', 'title']);
      expect(body.content.length).toBeGreaterThan(500);
      const de = (await get(`/api/content/${type}`, 'de')).json();
      expect(de.title).not.toBe(body.title);
    }
  });

  it('answers 404 for an unknown page type or group', async () => {
    expect((await get('/api/content/nothing/frontend')).statusCode).toBe(404);
    expect((await get('/api/content/agb/backend')).statusCode).toBe(404);
    expect((await get('/api/content/AGB%27--')).json()).toEqual({ message: 'Not Found' });
  });
});

describe('seeding', () => {
  it('is idempotent', async () => {
    const count = async () => ({
      c: (await t.database.db.select().from(countries)).length,
      f: (await t.database.db.select().from(faqItems)).length,
    });
    const before = await count();
    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);
    expect(await count()).toEqual(before);
  });
});
