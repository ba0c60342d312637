import type { Language } from '@bookla/shared/i18n';
import { addLanguagePack } from '../../lib/i18n';

const bundles = {
  de: () => import('../../locales/de/platform.json'),
  en: () => import('../../locales/en/platform.json'),
  fr: () => import('../../locales/fr/platform.json'),
} satisfies Record<Language, () => Promise<{ default: object }>>;

/**
 * The `platform` namespace in one language, loaded with the platform's screens only (the bexio
 * page and the billing tab's invoices): the back office's first screen and its other pages do
 * without it. A later language switch loads it in that language too (lib/i18n loadLanguagePacks).
 */
export function loadPlatformTexts(lang: Language): Promise<void> {
  return addLanguagePack('platform', async (l) => ({ platform: (await bundles[l]()).default }), lang);
}
