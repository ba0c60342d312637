/** The product's languages. `de` is the default (the spec's default date format is German). */
export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * How a staff user wants English dates (profile, issue 22 item 13): `auto` follows the team's
 * billing country, the others choose. German and French have one format each (spec §9).
 */
export const DATE_FORMAT_PREFERENCES = ['auto', 'day_first', 'us'] as const;
export type DateFormatPreference = (typeof DATE_FORMAT_PREFERENCES)[number];

/**
 * The two ways English dates are written: `us` MM/DD/YYYY and h:mm A (the spec's English), and
 * `day_first` DD/MM/YYYY and HH:mm (en-GB, how English reads outside the US).
 */
export type DateStyle = 'us' | 'day_first';

/**
 * The English date style: the user's choice when they made one, else the team's billing country
 * (US → `us`, any other → `day_first`); with no country known (no team yet) the spec's `us`.
 */
export function dateStyleOf(country: string | null | undefined, preference?: DateFormatPreference | null): DateStyle {
  if (preference === 'us' || preference === 'day_first') return preference;
  const code = country?.trim().toUpperCase();
  if (!code) return 'us';
  return code === 'US' ? 'us' : 'day_first';
}

/** A text held per language, e.g. `{"de": "Kurs", "en": "Course"}`. */
export type Translated = Partial<Record<Language, string>>;

/**
 * Reads a translatable value with the contract's fallback:
 * requested language, then English, then the first non-empty value present.
 */
export function pickText(value: Translated | null | undefined, lang: Language | string): string {
  if (!value) return '';
  const v = value as Record<string, string | undefined>;
  if (v[lang]) return v[lang] as string;
  if (v.en) return v.en;
  for (const text of Object.values(v)) if (text) return text;
  return '';
}

/** Fills empty translations with the value of the first language that has one (spec §5). */
export function fillMissingTranslations(value: Translated, languages: readonly Language[]): Translated {
  const first = languages.map((l) => value[l]).find((t) => t && t.trim() !== '');
  const out: Translated = { ...value };
  if (!first) return out;
  for (const l of languages) if (!out[l] || out[l]!.trim() === '') out[l] = first;
  return out;
}

/**
 * Tiny interpolation shared by the server's translator and tests: `{{name}}` placeholders.
 */
export function interpolate(template: string, params?: Record<string, unknown>): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (params[key] === undefined ? m : String(params[key])));
}
