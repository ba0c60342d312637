import type { ContentType } from '@bookla/shared/content';

export { CONTENT_TYPES, type ContentType } from '@bookla/shared/content';

/**
 * Footer links of spec §1, in its order: imprint, privacy (`/{lang}/datenschutz`), terms
 * (`/{lang}/agb`), service fees, outside fees, extenuating-circumstances policy, copyright.
 * The public site (src/public-site/links.ts) shows the same.
 */
export const FOOTER_LINKS = [
  { type: 'imprint', label: 'footer.imprint' },
  { type: 'datenschutz', label: 'footer.privacy' },
  { type: 'agb', label: 'footer.terms' },
  { type: 'service_fees', label: 'footer.serviceFees' },
  { type: 'outside_fees', label: 'footer.outsideFees' },
  { type: 'extenuating_circumstances_policy', label: 'footer.extenuatingCircumstances' },
  { type: 'copyright', label: 'footer.copyright' },
] as const satisfies readonly { type: ContentType; label: string }[];

/** The product's two social profiles (spec §1). */
export const SOCIAL_LINKS = [
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/bookla' },
  { network: 'Instagram', href: 'https://www.instagram.com/bookla' },
] as const;
