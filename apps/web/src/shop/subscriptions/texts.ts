import { useMemo } from 'react';
import type { ShopLanguage, T } from '../i18n';
import { useTeamShop } from '../shop-context';
import de from '../locales/subscriptions.de.json';
import en from '../locales/subscriptions.en.json';
import fr from '../locales/subscriptions.fr.json';

/**
 * The texts of memberships and passes (`subscriptions.…`). They live in their own files, loaded
 * with the pages that show them and not with the shop's first bundle (its budget is 100 KB gzip):
 * `t` looks them up first and leaves every other key to the shop's own `t`. Same rules as
 * i18n.ts: `{{param}}`, plurals by `count`, English when a text is missing.
 */

type Dict = { [key: string]: string | Dict };
const DICTS: Record<ShopLanguage, Dict> = { de, en, fr };

function lookup(dict: Dict, key: string): string | undefined {
  let at: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (!at || typeof at === 'string' || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

export function withSubscriptionTexts(t: T, lang: ShopLanguage): T {
  const rules = new Intl.PluralRules(lang);
  const find = (key: string) => lookup(DICTS[lang], key) ?? lookup(DICTS.en, key);
  return (key, params) => {
    if (!key.startsWith('subscriptions.')) return t(key, params);
    const count = params?.count;
    const text = typeof count === 'number' ? (find(`${key}_${rules.select(count)}`) ?? find(`${key}_other`) ?? find(key)) : find(key);
    if (text === undefined) return key;
    return params
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : all))
      : text;
  };
}

/** The team shop's context with a `t` that knows the subscriptions' texts. */
export function useSubscriptionsShop() {
  const shop = useTeamShop();
  const t = useMemo(() => withSubscriptionTexts(shop.t, shop.lang), [shop.t, shop.lang]);
  return { ...shop, t };
}
