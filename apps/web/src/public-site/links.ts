import type { SiteLanguage } from './types';

/**
 * Footer of spec §1, in its order: imprint, privacy (`datenschutz`), terms (`agb`), service
 * fees, outside fees, extenuating-circumstances policy, copyright. Labels are `common:footer.*`.
 */
export const FOOTER_PAGES = [
  { type: 'imprint', label: 'footer.imprint' },
  { type: 'datenschutz', label: 'footer.privacy' },
  { type: 'agb', label: 'footer.terms' },
  { type: 'service_fees', label: 'footer.serviceFees' },
  { type: 'outside_fees', label: 'footer.outsideFees' },
  { type: 'extenuating_circumstances_policy', label: 'footer.extenuatingCircumstances' },
  { type: 'copyright', label: 'footer.copyright' },
] as const;

/** The product's two social profiles (spec §1). */
export const SOCIAL_PROFILES = [
  { network: 'linkedin', label: 'site.linkedin', href: 'https://www.linkedin.com/company/bookla' },
  { network: 'instagram', label: 'site.instagram', href: 'https://www.instagram.com/bookla' },
] as const;

/** `/de/agb` + `en` → `/en/agb`; the landing page `/` becomes `/en/provider`. */
export function pathInLanguage(pathname: string, lang: SiteLanguage): string {
  const [, first = '', ...rest] = pathname.split('/');
  if (first === '' || !['de', 'en', 'fr'].includes(first)) return `/${lang}/provider`;
  return ['', lang, ...rest].join('/');
}
