import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bookla/shared/i18n';
import deErrors from '@bookla/shared/locales/de/errors.json';
import enErrors from '@bookla/shared/locales/en/errors.json';
import frErrors from '@bookla/shared/locales/fr/errors.json';
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import deCommon from '../locales/de/common.json';
import enCommon from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';

/** The app's own i18next instance (not the global one), so tests can start it fresh. */
export const i18n = i18next.createInstance();

type Bundles = Record<Language, ResourceKey>;

// Only the namespaces every page needs are in the entry chunk. Each route group adds its own
// (public, shop, backend) when its chunk loads, so the public pages never carry back-office texts;
// the validation messages come with the forms (lib/forms.ts).
const resources: Resource = {
  de: { common: deCommon, errors: deErrors },
  en: { common: enCommon, errors: enErrors },
  fr: { common: frCommon, errors: frErrors },
};

/** Adds a namespace in all three languages; safe to call before or after `initI18n`. */
export function addNamespace(ns: string, bundles: Bundles): void {
  for (const lang of LANGUAGES) {
    resources[lang] = { ...resources[lang], [ns]: bundles[lang] };
    if (i18n.isInitialized) i18n.addResourceBundle(lang, ns, bundles[lang], true, true);
  }
}

type Texts = ResourceKey;
/** `b` over `a`, key by key at every depth (texts are objects of strings). */
function mergeTexts(a: Texts | undefined, b: Texts): Texts {
  if (!a || typeof a !== 'object' || typeof b !== 'object') return b;
  const out: Record<string, Texts> = { ...(a as Record<string, Texts>) };
  for (const [key, value] of Object.entries(b as Record<string, Texts>)) out[key] = mergeTexts(out[key], value);
  return out;
}

type LanguagePack = (lang: Language) => Promise<Record<string, ResourceKey>>;

/** Namespaces loaded one language at a time (the back office's), by name. */
const packs = new Map<string, LanguagePack>();
const packsLoaded = new Map<string, Promise<void>>();

/**
 * Registers a pack of namespaces that loads one language at a time, and loads it in `lang`.
 * `applyLanguage` loads every registered pack in a new language before it switches to it.
 */
export function addLanguagePack(name: string, load: LanguagePack, lang: Language): Promise<void> {
  packs.set(name, load);
  return loadLanguagePacks(lang);
}

/** Loads the registered packs in `lang` (each once; a failed load is tried again next time). */
export function loadLanguagePacks(lang: Language): Promise<void> {
  const loads = [...packs].map(([name, load]) => {
    const key = `${name}:${lang}`;
    let loading = packsLoaded.get(key);
    if (!loading) {
      loading = load(lang).then(
        (namespaces) => {
          for (const [ns, bundle] of Object.entries(namespaces)) {
            // Two packs may each bring a part of one namespace (the dashboard's statistics texts
            // first, the statistics page's with the other pages): merged, as i18next merges them.
            resources[lang] = { ...resources[lang], [ns]: mergeTexts(resources[lang]?.[ns], bundle) };
            if (i18n.isInitialized) i18n.addResourceBundle(lang, ns, bundle, true, true);
          }
        },
        (error: unknown) => {
          packsLoaded.delete(key);
          throw error;
        },
      );
      packsLoaded.set(key, loading);
    }
    return loading;
  });
  return Promise.all(loads).then(() => undefined);
}

export async function initI18n(lang: Language = DEFAULT_LANGUAGE): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(lang);
    return;
  }
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: ['common', 'errors'],
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
}
