import type { Language } from '@bookla/shared/i18n';
import { addLanguagePack } from '../../../lib/i18n';

const bundles = {
  de: () => import('../../../locales/de/plan.json'),
  en: () => import('../../../locales/en/plan.json'),
  fr: () => import('../../../locales/fr/plan.json'),
} satisfies Record<Language, () => Promise<{ default: object }>>;

/**
 * The `plan` namespace in one language, loaded with the plan tab only (the back office's first
 * screen is at its budget). A later language switch loads it in that language too (lib/i18n).
 */
export function loadPlanTexts(lang: Language): Promise<void> {
  return addLanguagePack('plan', async (l) => ({ plan: (await bundles[l]()).default }), lang);
}
