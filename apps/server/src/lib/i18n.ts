import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeMessage, interpolate, LANGUAGES, type Language } from '@bookla/shared';

/**
 * Server-side translations: the shared `validation` and `errors` namespaces plus the server's
 * own (mails, messages). Keys are `namespace:key.path`.
 */
type Tree = { [k: string]: string | Tree };
const catalog = new Map<Language, Map<string, Tree>>();

function loadDir(dir: string, into: Map<string, Tree>) {
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    into.set(file.slice(0, -5), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);
  }
}

const require = createRequire(import.meta.url);
const sharedLocales = join(dirname(require.resolve('@bookla/shared')), 'locales');
const serverLocales = join(import.meta.dirname, '..', 'locales');
for (const lang of LANGUAGES) {
  const map = new Map<string, Tree>();
  loadDir(join(sharedLocales, lang), map);
  loadDir(join(serverLocales, lang), map);
  catalog.set(lang, map);
}

function lookup(lang: Language, ns: string, key: string): string | undefined {
  let node: string | Tree | undefined = catalog.get(lang)?.get(ns);
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates `ns:key`; falls back to English, then to the key itself. */
export function translate(lang: Language, fullKey: string, params?: Record<string, unknown>): string {
  const colon = fullKey.indexOf(':');
  const ns = colon > 0 ? fullKey.slice(0, colon) : 'messages';
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const text = plural(lang, ns, key, params) ?? lookup(lang, ns, key) ?? lookup('en', ns, key);
  return text === undefined ? fullKey : interpolate(text, params);
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * With a numeric `count`, the key's plural form as i18next names them (`key_one`, `key_other`,
 * by the language's CLDR rules): "ein Platz ist …" rather than "1 davon sind …". Undefined when
 * the key has no plural forms.
 */
function plural(lang: Language, ns: string, key: string, params?: Record<string, unknown>): string | undefined {
  const count = params?.count;
  if (typeof count !== 'number') return undefined;
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const form = rules.select(count);
  return lookup(lang, ns, `${key}_${form}`) ?? lookup(lang, ns, `${key}_other`) ?? lookup('en', ns, `${key}_${form}`);
}

export function hasTranslation(fullKey: string): boolean {
  const colon = fullKey.indexOf(':');
  return colon > 0 && lookup('en', fullKey.slice(0, colon), fullKey.slice(colon + 1)) !== undefined;
}

/**
 * Translates a validation message as produced by the shared zod error map (`key|{params}`),
 * or a full `ns:key` given by a service.
 */
export function translateValidation(lang: Language, message: string): string {
  const { key, params } = decodeMessage(message);
  return translate(lang, key.includes(':') ? key : `validation:${key}`, params);
}
