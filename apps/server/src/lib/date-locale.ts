import { dateStyleOf, type DateFormatPreference, type Language } from '@bookla/shared';

/**
 * The locale a mail or document writes dates in (decision 021): the language's, and in English
 * the style of the team's billing country — a US team's customers read `03/14/2026, 6:00 PM`,
 * everyone else's `14/03/2026, 18:00` (en-GB). Customer mails and documents follow the team, never a
 * staff member's preference; a mail to a staff member passes their profile's `preference`.
 */
export type DateLocale = 'de-CH' | 'fr-CH' | 'en-GB' | 'en-US';

export function dateLocaleOf(lang: Language, country: string | null | undefined, preference?: DateFormatPreference | null): DateLocale {
  if (lang === 'en') return dateStyleOf(country ?? 'CH', preference) === 'us' ? 'en-US' : 'en-GB';
  return lang === 'fr' ? 'fr-CH' : 'de-CH';
}

const TIME_24H: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
/** The spec's English time `h:mm A` (`6:00 PM`). */
const TIME_12H: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' };

/** The time fields of a locale: only the US writes 12-hour times. */
export function timeOptions(locale: DateLocale): Intl.DateTimeFormatOptions {
  return locale === 'en-US' ? TIME_12H : TIME_24H;
}

/** Some ICU versions put a narrow no-break space before AM/PM: a plain space in mails and PDFs. */
export const plainSpaces = (text: string): string => text.replace(/\u202f/g, ' ');
