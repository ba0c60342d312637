import { z } from 'zod';
import { translatedSchema } from './catalogue.ts';

/**
 * Replies of the reference data and the operator's texts (CONTRACT §3): option lists, content
 * pages and the FAQ. The public pages import only their types (no zod on the landing page).
 */

/** One entry of `GET /api/srl/options/{kind}` (country, language, referral, timezones). */
export const optionItemSchema = z.object({ value: z.string(), label: z.string() });
export type OptionItem = z.infer<typeof optionItemSchema>;
export const optionsReplySchema = z.array(optionItemSchema);

/** `GET /api/srl/options/currency`: a currency with the countries that use it. */
export const currencyOptionSchema = optionItemSchema.extend({ countries: z.array(z.string()) });
export type CurrencyOption = z.infer<typeof currencyOptionSchema>;
export const currencyOptionsReplySchema = z.array(currencyOptionSchema);

/** `GET /api/content/{type}/frontend` (and the grouped variant). */
export const contentPageReplySchema = z.object({ title: z.string(), content: z.string(), seo_desc: z.string(), seo_keywords: z.string() });
export type ContentPageReply = z.infer<typeof contentPageReplySchema>;

/** `GET /api/faq`: every language in one reply. */
export const faqItemSchema = z.object({ question: translatedSchema, answer: translatedSchema });
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqReplySchema = z.array(faqItemSchema);
