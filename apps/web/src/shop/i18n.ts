import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import embedDe from './locales/embed.de.json';
import embedEn from './locales/embed.en.json';
import embedFr from './locales/embed.fr.json';
import waitinglistDe from './locales/waitinglist.de.json';
import waitinglistEn from './locales/waitinglist.en.json';
import waitinglistFr from './locales/waitinglist.fr.json';

/**
 * The shop's translations: one JSON file per language, `{{param}}` interpolation and plurals by
 * `Intl.PluralRules` (`key_one`, `key_other`, … chosen by `count`), as i18next does — without
 * its 15 KB. A missing text falls back to English, then to its key.
 */

export const SHOP_LANGUAGES = ['de', 'en', 'fr'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];
export const isShopLanguage = (v: unknown): v is ShopLanguage => typeof v === 'string' && (SHOP_LANGUAGES as readonly string[]).includes(v);

type Dict = { [key: string]: string | Dict };
export type Params = Record<string, string | number>;
export type T = (key: string, params?: Params) => string;

/** One file per area and language; each area's texts sit under their own top-level key (`embed.…`). */
const DICTS: Record<ShopLanguage, Dict> = {
  de: { ...de, ...embedDe, ...waitinglistDe },
  en: { ...en, ...embedEn, ...waitinglistEn },
  fr: { ...fr, ...embedFr, ...waitinglistFr },
};

/**
 * An area's texts that load with the pages that use them, not with the shop's first bundle (its
 * budget is 100 KB gzip): the area's module calls this when it loads (account/texts.ts). Laid over
 * what is there per top-level key, so a few keys the first bundle needs can stay in the main file.
 */
export function addTexts(dicts: Record<ShopLanguage, Dict>): void {
  for (const lang of SHOP_LANGUAGES) {
    const target = DICTS[lang];
    for (const [area, texts] of Object.entries(dicts[lang])) {
      const kept = Object.hasOwn(target, area) ? target[area] : undefined;
      target[area] = typeof kept === 'object' && typeof texts === 'object' ? { ...kept, ...texts } : texts;
    }
  }
}

function lookup(dict: Dict, key: string): string | undefined {
  let at: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (!at || typeof at === 'string' || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

const interpolate = (text: string, params?: Params) =>
  params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : all)) : text;

export function createT(lang: ShopLanguage): T {
  const rules = new Intl.PluralRules(lang);
  const find = (key: string) => lookup(DICTS[lang], key) ?? lookup(DICTS.en, key);
  return (key, params) => {
    const count = params?.count;
    const text = typeof count === 'number' ? (find(`${key}_${rules.select(count)}`) ?? find(`${key}_other`) ?? find(key)) : find(key);
    return interpolate(text ?? key, params);
  };
}

/** The language names as each language writes its own. */
export const LANGUAGE_NAMES: Record<ShopLanguage, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };

/** A validation message of the answer engine (`key` or `key|{"max":500}`) in the shop's words. */
export function validationText(t: T, message: string): string {
  const bar = message.indexOf('|');
  if (bar < 0) return t(`validation.${message}`);
  let params: Params = {};
  try {
    params = JSON.parse(message.slice(bar + 1)) as Params;
  } catch {
    params = {};
  }
  return t(`validation.${message.slice(0, bar)}`, params);
}
