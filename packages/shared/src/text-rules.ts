/**
 * Control characters never belong in a single-line field (names, team names, subjects, codes,
 * phone numbers…): C0 (line breaks and tabs included), DEL, C1 and the Unicode line/paragraph
 * separators. They would reach mail headers, sender names, PDFs and CSV cells as line breaks.
 * Multi-line fields (descriptions, notes) keep `\n`, `\r` and `\t` but refuse the rest
 * (`MULTI_LINE`). NUL is refused everywhere, before any schema (the server's NUL guard).
 * Zod-free, so the answer engine (booking-answers.ts) uses the same rules.
 */
export const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
// eslint-disable-next-line no-control-regex -- naming control characters is the point
export const MULTI_LINE = /^[^\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/u;
