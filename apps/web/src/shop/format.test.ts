import { describe, expect, it } from 'vitest';
import { createFormats } from './format';

// Intl uses narrow/no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const AT = '2031-03-14T17:30:00Z';

describe('shop dates in English follow the team’s country (issue 22 item 13)', () => {
  it('a US team’s in the US way with 12-hour times', () => {
    const fmt = createFormats('en', 'US', 'America/New_York');
    expect(plain(fmt.dateTime(AT))).toBe('Fri, March 14, 2031 at 1:30 PM');
    expect(plain(fmt.time(AT))).toBe('1:30 PM');
    expect(fmt.date(AT)).toBe('Fri, March 14, 2031');
  });

  it('any other team’s day first with 24-hour times; German stays', () => {
    const fmt = createFormats('en', 'CH', 'Europe/Zurich');
    expect(plain(fmt.dateTime(AT))).toBe('Fri, 14 March 2031 at 18:30');
    expect(fmt.time(AT)).toBe('18:30');
    expect(plain(fmt.money(25, 'CHF'))).toBe('CHF 25.00');
    expect(createFormats('en', 'AU', 'Europe/Zurich').time(AT)).toBe('18:30');
    expect(plain(createFormats('de', 'US', 'Europe/Zurich').dateTime(AT))).toBe('Fr., 14. März 2031 um 18:30');
  });
});
