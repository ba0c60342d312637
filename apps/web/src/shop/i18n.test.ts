import { describe, expect, it } from 'vitest';
import { createT, validationText } from './i18n';

type Json = { [key: string]: Json | string };
function flatten(value: Json, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === 'string') out[path] = v;
    else Object.assign(out, flatten(v, path));
  }
  return out;
}
// Every locale file: `de.json` and the areas' `account.de.json`, … merged per language.
const files = import.meta.glob<Json>('./locales/*.json', { eager: true, import: 'default' });
const merged = (lang: string) =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([path]) => path.endsWith(`${lang}.json`))
      .map(([, dict]) => flatten(dict)),
  ) as Record<string, string>;
const texts = { de: merged('de'), en: merged('en'), fr: merged('fr') };
const sources = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.*', '!./test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('the shop’s texts', () => {
  it('has the same keys in de, en and fr', () => {
    const keys = Object.keys(texts.en).sort();
    expect(Object.keys(texts.de).sort()).toEqual(keys);
    expect(Object.keys(texts.fr).sort()).toEqual(keys);
  });

  it('uses the same {{params}} in every language', () => {
    const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(texts.en)) {
      expect(params(texts.de[key]!), key).toEqual(params(text));
      expect(params(texts.fr[key]!), key).toEqual(params(text));
    }
  });

  it('has every key the code asks for', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const [, key] of source.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        if (!(key! in texts.en) && !(`${key}_other` in texts.en)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    // Keys put together at run time.
    for (const s of ['mrs', 'mr', 'mx']) expect(texts.en[`checkout.salutations.${s}`]).toBeTruthy();
    for (const m of ['free', 'invoice', 'stripe', 'test']) expect(texts.en[`checkout.payment.${m}Hint`]).toBeTruthy();
    for (const s of ['paid', 'unpaid', 'free', 'refunded', 'partially_refunded', 'declined', 'cancelled'])
      expect(texts.en[`order.status.${s}`]).toBeTruthy();
  });

  it('speaks German formally and says “Aktivität”, never “Kurs”', () => {
    const bad = Object.entries(texts.de).filter(
      ([, text]) => /\b(du|dich|dir|dein\w*)\b/i.test(text) || /Kurs/.test(text) || /ß/.test(text),
    );
    expect(bad).toEqual([]);
    expect(texts.de['list.title']).toBe('Aktivitäten');
  });

  it('keeps the spec’s English status labels', () => {
    expect(
      ['paid', 'unpaid', 'free', 'refunded', 'partially_refunded', 'declined', 'cancelled'].map((s) => texts.en[`order.status.${s}`]),
    ).toEqual(['Paid', 'Unpaid', 'Free', 'Refunded', 'Partially-Refunded', 'Declined', 'Cancelled']);
  });

  it('interpolates, picks plural forms by language and falls back to English', () => {
    const t = createT('de');
    expect(t('availability.few', { count: 1 })).toBe('Noch 1 Platz');
    expect(t('availability.few', { count: 3 })).toBe('Noch 3 Plätze');
    expect(createT('fr')('list.count', { count: 0 })).toBe('0 activité');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(validationText(createT('en'), 'max_string|{"max":500}')).toBe('May not be longer than 500 characters.');
  });
});
