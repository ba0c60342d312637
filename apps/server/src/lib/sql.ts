import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/** SQL pieces the list queries share. */

/** `%`, `_` and `\` in a search text match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A translated jsonb column read with the contract's fallback (language, en, first present). */
export function pickedText(column: SQLWrapper, lang: string | Placeholder): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${lang}, ''), nullif(${column}->>'en', ''), nullif(${column}->>'de', ''), nullif(${column}->>'fr', ''), '')`;
}
