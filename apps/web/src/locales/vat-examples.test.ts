import { validateVatId } from '@bookla/shared/vat';
import { describe, expect, it } from 'vitest';

/**
 * Every VAT number the UI shows as an example (hints, placeholders), in every language, passes
 * the check the form and the server run on it (issue 9, item 3): an example that fails its own
 * validator teaches the user a wrong number.
 */
type Json = { [key: string]: Json | string };

const files = {
  ...import.meta.glob<Json>('./*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Json>('../../../../packages/shared/src/locales/*/*.json', { eager: true, import: 'default' }),
};

function flatten(value: Json, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'string' ? [[`${prefix}${key}`, v] as [string, string]] : flatten(v, `${prefix}${key}.`),
  );
}

/** Swiss UIDs (CHE-123.456.788 MWST) and the EU/UK prefixes the validator knows, with digits after them. */
const VAT_LIKE =
  /\bCHE[-\s.]?\d{3}[.\s]?\d{3}[.\s]?\d{3}(?:\s?(?:MWST|TVA|IVA))?|\b(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)\s?U?\d[\d\s]{6,12}\d\b/g;

const texts = Object.entries(files).flatMap(([file, content]) => {
  const lang = /\/(de|en|fr)\/[\w-]+\.json$/.exec(file)?.[1];
  return lang ? flatten(content).map(([key, text]) => ({ lang, where: `${file} ${key}`, key, text })) : [];
});
const examples = texts.flatMap(({ lang, where, text }) => [...text.matchAll(VAT_LIKE)].map((m) => ({ lang, where, example: m[0] })));

describe('VAT examples in the UI', () => {
  it('are found in the VAT hints of every language', () => {
    // `vatIdHint`, `vatPlaceholder`, …: keys whose last part starts with "vat" (not "reservation").
    const hints = texts.filter(({ key }) => /^vat\w*(hint|placeholder|example)$/i.test(key.split('.').pop()!));
    expect(hints.length).toBeGreaterThanOrEqual(3);
    for (const hint of hints) expect(hint.text, hint.where).toMatch(new RegExp(VAT_LIKE.source));
    expect(new Set(examples.map((e) => e.lang))).toEqual(new Set(['de', 'en', 'fr']));
  });

  it('pass the VAT check they illustrate', () => {
    const failing = examples.filter(({ example }) => !validateVatId(example).valid).map((e) => `${e.where}: ${e.example}`);
    expect(failing).toEqual([]);
  });
});
