import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation namespace of the server and of the shared package: the same files, keys and
 * placeholders in de, en and fr, and Swiss German (ss, not ß). Replaces one copy per feature.
 */
const ROOTS = {
  server: join(import.meta.dirname, '../locales'),
  shared: join(import.meta.dirname, '../../../../packages/shared/src/locales'),
};
const LANGS = ['de', 'en', 'fr'];

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
const namespaces = (root: string, lang: string) =>
  readdirSync(join(root, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
const load = (root: string, lang: string, ns: string) =>
  new Map(flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Tree));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(Object.entries(ROOTS))('%s locales', (_name, root) => {
  const all = namespaces(root, 'en');

  it('have the same namespaces in de, en and fr', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const lang of LANGS) expect(namespaces(root, lang)).toEqual(all);
  });

  describe.each(all)('%s', (ns) => {
    const en = load(root, 'en', ns);

    it.each(['de', 'fr'])('%s has the keys and placeholders of en', (lang) => {
      const other = load(root, lang, ns);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) expect(placeholders(other.get(key) ?? ''), `${lang}:${ns}:${key}`).toEqual(placeholders(text));
    });

    it('is written in Swiss German (ss, not ß)', () => {
      for (const [key, text] of load(root, 'de', ns)) expect(text, key).not.toContain('ß');
    });
  });
});
