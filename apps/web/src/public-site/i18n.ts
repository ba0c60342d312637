import { footer as deFooter, language as deLanguage, nav as deNav, skipToContent as deSkip } from '../locales/de/common.json';
import { content as deContent, landing as deLanding, site as deSite } from '../locales/de/public.json';
import { footer as enFooter, language as enLanguage, nav as enNav, skipToContent as enSkip } from '../locales/en/common.json';
import { content as enContent, landing as enLanding, site as enSite } from '../locales/en/public.json';
import { footer as frFooter, language as frLanguage, nav as frNav, skipToContent as frSkip } from '../locales/fr/common.json';
import { content as frContent, landing as frLanding, site as frSite } from '../locales/fr/public.json';
import type { SiteLanguage } from './types';

/**
 * The public pages' texts: the `public` namespace (landing, site, content) and the few shared
 * ones of `common` (footer, language names, navigation), imported by name so the bundle carries
 * only these. `{{param}}` interpolation as i18next does, without its 15 KB; a missing text falls
 * back to English, then to its key.
 */
type Dict = { [key: string]: string | Dict };
export type Params = Record<string, string | number>;
export type T = (key: string, params?: Params) => string;

const DICTS: Record<SiteLanguage, Dict> = {
  de: { landing: deLanding, site: deSite, content: deContent, footer: deFooter, language: deLanguage, nav: deNav, skipToContent: deSkip },
  en: { landing: enLanding, site: enSite, content: enContent, footer: enFooter, language: enLanguage, nav: enNav, skipToContent: enSkip },
  fr: { landing: frLanding, site: frSite, content: frContent, footer: frFooter, language: frLanguage, nav: frNav, skipToContent: frSkip },
};

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

export function createT(lang: SiteLanguage): T {
  return (key, params) => interpolate(lookup(DICTS[lang], key) ?? lookup(DICTS.en, key) ?? key, params);
}
