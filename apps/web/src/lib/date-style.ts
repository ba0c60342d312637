import { dateStyleOf, type DateStyle } from '@bookla/shared/i18n';

/**
 * How the back office writes English dates (decision 021): `us` (MM/DD/YYYY, h:mm A) or
 * `day_first` (DD/MM/YYYY, HH:mm). The app state decides it — the user's profile choice, else the
 * current team's billing country — and sets it here whenever it changes (lib/app-state.ts), so
 * `formatDate(value, lang)` and the date inputs follow it without every caller asking.
 * Kept apart from the app state so the format helpers load nothing of the session code.
 */
let current: DateStyle = 'us';

export function englishDateStyle(): DateStyle {
  return current;
}

/** The style of a user (their `date_format`) in a team (its `billing_country`). */
export function resolveDateStyle(state: { team?: { billing_country?: string } | null; user?: { date_format?: string } | null }): DateStyle {
  const preference = state.user?.date_format;
  return dateStyleOf(state.team?.billing_country, preference === 'us' || preference === 'day_first' ? preference : null);
}

export function setEnglishDateStyle(style: DateStyle): void {
  current = style;
}
