import { describe, expect, it } from 'vitest';
import { appUser, loggedInState, makeTeam } from '../test/team-fixtures';
import { clearAuth, setAppState } from './app-state';
import {
  DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatTime,
  formatTimeOfDay,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
  shorten,
  usesTwelveHours,
} from './format';

// Intl uses narrow/no-break spaces and typographic apostrophes; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[’]/g, "'");

describe('dates (spec §9)', () => {
  const value = '2026-03-07T14:05:00';

  it('formats date and time per language', () => {
    expect(formatDateTime(value, 'de')).toBe('07.03.2026 14:05');
    expect(formatDateTime(value, 'en')).toBe('03/07/2026 2:05 PM');
    expect(formatDateTime(value, 'fr')).toBe('07/03/2026 14:05');
  });

  it('has date-only and time-only variants', () => {
    expect(formatDate(value, 'de')).toBe('07.03.2026');
    expect(formatDate(value, 'en')).toBe('03/07/2026');
    expect(formatDate(value, 'fr')).toBe('07/03/2026');
    expect(formatTime('2026-03-07T09:30:00', 'en')).toBe('9:30 AM');
    expect(formatTime('2026-03-07T09:30:00', 'de')).toBe('09:30');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null, 'de')).toBe('');
    expect(formatDate('', 'de')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('date inputs (spec §9)', () => {
  it('reads a typed day in the language of the UI, strictly', () => {
    expect(parseDateInput('09.03.2026', 'de')).toBe('2026-03-09');
    expect(parseDateInput('9.3.2026', 'de')).toBe('2026-03-09');
    expect(parseDateInput('03/09/2026', 'en')).toBe('2026-03-09');
    expect(parseDateInput('09/03/2026', 'fr')).toBe('2026-03-09');
    // ISO stays accepted (pasted, or a value set by the app).
    expect(parseDateInput('2026-03-09', 'fr')).toBe('2026-03-09');
    expect(parseDateInput('31.02.2026', 'de')).toBeNull();
    expect(parseDateInput('13/09/2026', 'en')).toBeNull();
    expect(parseDateInput('9.3.20', 'de')).toBeNull();
    expect(parseDateInput('', 'de')).toBeNull();
  });

  it('reads the usual ways of writing a time and shows it per language', () => {
    for (const text of ['18:30', '18.30', '18h30', '1830', '6:30 pm', '6:30PM', '6.30 p.m.']) expect(parseTimeInput(text)).toBe('18:30');
    expect(parseTimeInput('12:15 AM')).toBe('00:15');
    expect(parseTimeInput('12 pm')).toBe('12:00');
    expect(parseTimeInput('7')).toBe('07:00');
    for (const text of ['24:00', '18:60', '13:00 pm', 'abc', '']) expect(parseTimeInput(text)).toBeNull();
    expect(formatTimeOfDay('18:30', 'de')).toBe('18:30');
    expect(formatTimeOfDay('18:30', 'en')).toBe('6:30 PM');
    expect(formatTimeOfDay('07:05', 'fr')).toBe('07:05');
  });

  it('reads a day and time together', () => {
    expect(parseDateTimeInput('31.12.2026 18:05', 'de')).toBe('2026-12-31T18:05');
    expect(parseDateTimeInput('12/31/2026 6:05 PM', 'en')).toBe('2026-12-31T18:05');
    expect(parseDateTimeInput('31/12/2026 18h05', 'fr')).toBe('2026-12-31T18:05');
    expect(parseDateTimeInput('2026-12-31T18:05', 'en')).toBe('2026-12-31T18:05');
    expect(parseDateTimeInput('31.12.2026', 'de')).toBeNull();
  });
});

describe('formatMoney', () => {
  it("uses the currency's own digits by default", () => {
    expect(plain(formatMoney(1234.5, 'CHF', 'de'))).toBe("CHF 1'234.50");
    expect(plain(formatMoney(0.49, 'CHF', 'en'))).toBe('CHF 0.49');
    expect(plain(formatMoney(12.5, 'CHF', 'fr'))).toBe('12.50 CHF');
    expect(plain(formatMoney(1000, 'JPY', 'en'))).not.toContain('.'); // yen has no minor unit
  });

  it('takes minimum fraction digits up to 5 (rates, fees)', () => {
    expect(plain(formatMoney(0.123456, 'CHF', 'en', { minimumFractionDigits: 5 }))).toBe('CHF 0.12346');
    expect(plain(formatMoney(2, 'CHF', 'en', { minimumFractionDigits: 9 }))).toBe('CHF 2.00000');
    expect(plain(formatMoney(139, 'CHF', 'de', { minimumFractionDigits: 0 }))).toBe('CHF 139');
    expect(plain(formatMoney(0.49, 'CHF', 'de', { minimumFractionDigits: 0 }))).toBe('CHF 0.49');
  });

  it('formats percentages', () => {
    expect(plain(formatPercent(0.079, 'en'))).toBe('7.9%');
    expect(plain(formatPercent(0.039, 'de'))).toBe('3.9%');
  });
});

describe('shorten', () => {
  it('keeps short text as it is', () => {
    expect(shorten('Yoga', 10)).toBe('Yoga');
    expect(shorten('exactly10!', 10)).toBe('exactly10!');
  });

  it('cuts long text to max characters ending in an ellipsis', () => {
    expect(shorten('Yoga for beginners', 10)).toBe('Yoga for…');
    expect(shorten('Yoga for beginners', 10).length).toBeLessThanOrEqual(10);
    expect(shorten('abcdef', 4)).toBe('abc…');
    expect(shorten('abcdef', 1)).toBe('…');
  });

  it('never splits a character made of two code units', () => {
    expect(shorten('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('English date style (issue 22 item 13)', () => {
  const us = { ...makeTeam(1, 'Brooklyn Yoga'), billing_country: 'US' };
  const swiss = makeTeam(2, 'Yoga Zürich');
  const value = '2026-03-07T14:05:00';

  it('follows the team’s country: US MM/DD/YYYY h:mm A, any other day-first and 24 h', () => {
    setAppState(loggedInState(us));
    expect(formatDateTime(value, 'en')).toBe('03/07/2026 2:05 PM');
    expect(formatTimeOfDay('18:30', 'en')).toBe('6:30 PM');
    expect(DATE_FORMATS.en.placeholder.date).toBe('MM/DD/YYYY');

    setAppState(loggedInState(swiss));
    expect(formatDateTime(value, 'en')).toBe('07/03/2026 14:05');
    expect(formatDate(value, 'en')).toBe('07/03/2026');
    expect(formatTime(value, 'en')).toBe('14:05');
    expect(formatTimeOfDay('18:30', 'en')).toBe('18:30');
    expect(DATE_FORMATS.en.placeholder).toEqual({ date: 'DD/MM/YYYY', time: 'HH:MM', dateTime: 'DD/MM/YYYY HH:MM' });
    expect(usesTwelveHours('en')).toBe(false);
    // German and French do not change.
    expect(formatDateTime(value, 'de')).toBe('07.03.2026 14:05');
    expect(formatDateTime(value, 'fr')).toBe('07/03/2026 14:05');
  });

  it('lets the user’s choice override the country', () => {
    setAppState(loggedInState(swiss, [swiss], { user: appUser({ date_format: 'us' }) }));
    expect(formatDateTime(value, 'en')).toBe('03/07/2026 2:05 PM');
    setAppState(loggedInState(us, [us], { user: appUser({ date_format: 'day_first' }) }));
    expect(formatDateTime(value, 'en')).toBe('07/03/2026 14:05');
    setAppState(loggedInState(us, [us], { user: appUser({ date_format: 'auto' }) }));
    expect(formatDateTime(value, 'en')).toBe('03/07/2026 2:05 PM');
  });

  it('reads typed dates in the same order as it shows them', () => {
    setAppState(loggedInState(swiss));
    expect(parseDateInput('09/03/2026', 'en')).toBe('2026-03-09');
    expect(parseDateInput('9/3/2026', 'en')).toBe('2026-03-09');
    expect(parseDateInput('13/09/2026', 'en')).toBe('2026-09-13');
    expect(parseDateInput('09/13/2026', 'en')).toBeNull();
    expect(parseDateTimeInput('31/12/2026 18:05', 'en')).toBe('2026-12-31T18:05');

    setAppState(loggedInState(us));
    expect(parseDateInput('09/03/2026', 'en')).toBe('2026-09-03');
    expect(parseDateInput('13/09/2026', 'en')).toBeNull();
  });

  it('is the spec’s US style again after a logout', () => {
    setAppState(loggedInState(swiss));
    clearAuth();
    expect(formatDate(value, 'en')).toBe('03/07/2026');
  });
});
