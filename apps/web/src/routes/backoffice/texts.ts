import type { Language } from '@bookla/shared/i18n';
import { addLanguagePack } from '../../lib/i18n';

type Pack = Record<Language, () => Promise<{ default: object }>>;

/** What the first screen shows: the layout and the dashboard (backend, statistics, activities). */
const first = {
  de: () => import('./texts/first/de'),
  en: () => import('./texts/first/en'),
  fr: () => import('./texts/first/fr'),
} satisfies Pack;

/** The other pages' texts. */
const pages = {
  de: () => import('./texts/pages/de'),
  en: () => import('./texts/pages/en'),
  fr: () => import('./texts/pages/fr'),
} satisfies Pack;

/**
 * The back office's texts, in the UI language only and in two parts (issue 21 item 6: the first
 * screen loads one language, and only the texts it shows). The back-office layout waits for the
 * first part before it shows; every page but the dashboard waits for the rest too. A later
 * language switch (applyLanguage) loads the parts loaded so far in that language before it switches.
 */
export function loadBackofficeTexts(lang: Language): Promise<void> {
  return addLanguagePack('backoffice', async (l) => (await first[l]()).default, lang);
}

/** The texts of the back office's pages other than the dashboard (after loadBackofficeTexts). */
export function loadPageTexts(lang: Language): Promise<void> {
  return addLanguagePack('backoffice-pages', async (l) => (await pages[l]()).default, lang);
}
