import { describe, expect, it } from 'vitest';

type Json = { [key: string]: Json | string };

// Both the app's namespaces and the shared ones (validation, errors) the app bundles.
const files = {
  ...import.meta.glob<Json>('./*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Json>('../../../../packages/shared/src/locales/*/*.json', { eager: true, import: 'default' }),
};

function flatten(value: Json, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === 'string') out[path] = v;
    else Object.assign(out, flatten(v, path));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** `{ 'web/common': { de: {...}, en: {...}, fr: {...} }, 'shared/errors': ... }` */
const byNamespace: Record<string, Record<string, Record<string, string>>> = {};
for (const [path, content] of Object.entries(files)) {
  const match = /(?:^|\/)(shared\/src\/locales|^\.)\/(de|en|fr)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, root, lang, ns] = match as unknown as [string, string, string, string];
  const key = `${root === '.' ? 'web' : 'shared'}/${ns}`;
  (byNamespace[key] ??= {})[lang] = flatten(content);
}

describe('locales', () => {
  it('finds the web and shared namespaces', () => {
    expect(Object.keys(byNamespace).sort()).toEqual(
      expect.arrayContaining(['web/common', 'web/public', 'web/backend', 'shared/validation', 'shared/errors']),
    );
  });

  for (const [ns, langs] of Object.entries(byNamespace)) {
    it(`${ns}: de, en and fr have the same keys and placeholders, none empty`, () => {
      expect(Object.keys(langs).sort()).toEqual(['de', 'en', 'fr']);
      const en = langs.en!;
      for (const lang of ['de', 'fr'] as const) {
        const other = langs[lang]!;
        expect(Object.keys(other).sort(), `${lang} keys of ${ns}`).toEqual(Object.keys(en).sort());
        for (const key of Object.keys(en)) {
          expect(placeholders(other[key] ?? ''), `${lang} ${ns}:${key}`).toEqual(placeholders(en[key]!));
        }
      }
      for (const [lang, texts] of Object.entries(langs)) {
        for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${lang} ${ns}:${key}`).not.toBe('');
      }
    });
  }
});
