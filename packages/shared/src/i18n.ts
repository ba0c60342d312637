/** The product's languages. `de` is the default (the spec's default date format is German). */
export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
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
