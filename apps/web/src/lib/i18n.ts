import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bookla/shared/i18n';
import deErrors from '@bookla/shared/locales/de/errors.json';
import deValidation from '@bookla/shared/locales/de/validation.json';
import enErrors from '@bookla/shared/locales/en/errors.json';
import enValidation from '@bookla/shared/locales/en/validation.json';
import frErrors from '@bookla/shared/locales/fr/errors.json';
import frValidation from '@bookla/shared/locales/fr/validation.json';
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import deCommon from '../locales/de/common.json';
import enCommon from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';

/** The app's own i18next instance (not the global one), so tests can start it fresh. */
export const i18n = i18next.createInstance();

type Bundles = Record<Language, ResourceKey>;

// Only the namespaces every page needs are in the entry chunk. Each route group adds its own
// (public, shop, backend) when its chunk loads, so the public pages never carry back-office texts.
const resources: Resource = {
  de: { common: deCommon, validation: deValidation, errors: deErrors },
  en: { common: enCommon, validation: enValidation, errors: enErrors },
  fr: { common: frCommon, validation: frValidation, errors: frErrors },
};

/** Adds a namespace in all three languages; safe to call before or after `initI18n`. */
export function addNamespace(ns: string, bundles: Bundles): void {
  for (const lang of LANGUAGES) {
    resources[lang] = { ...resources[lang], [ns]: bundles[lang] };
    if (i18n.isInitialized) i18n.addResourceBundle(lang, ns, bundles[lang], true, true);
  }
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
    ns: ['common', 'validation', 'errors'],
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
}
