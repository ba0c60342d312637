import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 009 / issue 20 item 5: text someone chose (team, activity, person names) never reaches
 * a mail's subject: the shop lets anonymous callers mail any address, so a subject with such text
 * would carry an attacker's words under the provider's name. Subjects may use only the app's name
 * and numbers (and dates the server formats); names go into bodies, quoted (and HTML-escaped by the layout).
 */
const ALLOWED = new Set(['app', 'number', 'date']);
const dir = join(import.meta.dirname, '..', 'locales');

function subjects(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') {
    if (/(^|\.)subject$/.test(path)) out.push([path, value]);
    return;
  }
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) subjects(v, path ? `${path}.${k}` : k, out);
}

describe('mail subjects', () => {
  for (const lang of ['de', 'en', 'fr']) {
    it(`${lang}: no subject names a team, activity or person`, () => {
      const found: [string, string][] = [];
      for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')))
        subjects(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')), file.replace(/\.json$/, ''), found);
      expect(found.length).toBeGreaterThan(10);
      const named = found.filter(([, text]) => [...text.matchAll(/\{\{\s*(\w+)/g)].some((m) => !ALLOWED.has(m[1]!)));
      expect(named).toEqual([]);
    });
  }
});
