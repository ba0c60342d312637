import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web app's own texts, so one test runs in de, en and fr and finds labels the way a
 * person reading that language would.
 */
export type Lang = 'de' | 'en' | 'fr';
const root = join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales');
const cache = new Map<string, Record<string, unknown>>();
/**
 * Namespaces the app loads in parts, merged into one (apps/web/src/routes/backoffice/texts): the
 * dashboard's statistics texts come first, the statistics page's with the other pages.
 */
const PARTS: Record<string, string[]> = { statistics: ['statistics', 'statistics-page'] };
const read = (lang: Lang, ns: string): Record<string, unknown> =>
  Object.assign({}, ...(PARTS[ns] ?? [ns]).map((file) => JSON.parse(readFileSync(join(root, lang, `${file}.json`), 'utf8')) as object));

export function tr(lang: Lang, key: string, params: Record<string, string> = {}): string {
  const [ns, path] = key.split(':') as [string, string];
  const file = `${lang}/${ns}`;
  if (!cache.has(file)) cache.set(file, read(lang, ns));
  let node: unknown = cache.get(file);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing text ${lang}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => params[k] ?? '');
}

/** A label as an exact-match regular expression (Mantine appends " *" to required labels). */
export const label = (lang: Lang, key: string) => new RegExp(`^${escape(tr(lang, key))}( \\*)?$`);
export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
