import type { ContentType } from '@bookla/shared/content';

export { CONTENT_TYPES, type ContentType } from '@bookla/shared/content';

/** Footer links of spec §1, in its order. */
export const FOOTER_LINKS = [
  { type: 'imprint', label: 'footer.imprint' },
  { type: 'privacy', label: 'footer.privacy' },
  { type: 'terms', label: 'footer.terms' },
  { type: 'service_fees', label: 'footer.serviceFees' },
  { type: 'outside_fees', label: 'footer.outsideFees' },
  { type: 'extenuating_circumstances_policy', label: 'footer.extenuatingCircumstances' },
  { type: 'copyright', label: 'footer.copyright' },
] as const satisfies readonly { type: ContentType; label: string }[];
