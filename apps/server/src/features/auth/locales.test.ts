import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', lang, `${ns}.json`), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const values = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

describe.each(['auth', 'mail'])('%s texts', (ns) => {
  it('have the same keys in de, en and fr', () => {
    const en = keys(load('en', ns)).sort();
    expect(keys(load('de', ns)).sort()).toEqual(en);
    expect(keys(load('fr', ns)).sort()).toEqual(en);
  });

  it('are written in Swiss German (ss, not ß)', () => {
    for (const text of values(load('de', ns))) expect(text).not.toContain('ß');
  });
});
