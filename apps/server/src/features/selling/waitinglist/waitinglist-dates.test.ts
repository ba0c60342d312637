import { describe, expect, it } from 'vitest';
import { formatWhen } from './waitinglist.mails.ts';

// 14 March 2031, 18:30 in Zurich.
const START = new Date('2031-03-14T17:30:00Z');

describe('waiting-list mail dates (issue 22 item 13)', () => {
  it('writes English as the team’s country does: US MM/DD/YYYY h:mm AM/PM, others day-first 24 h', () => {
    expect(formatWhen(START, 'en', 'Europe/Zurich', 'US')).toBe('Fri, 03/14/2031, 6:30 PM');
    expect(formatWhen(START, 'en', 'Europe/Zurich', 'CH')).toBe('Fri, 14/03/2031, 18:30');
    expect(formatWhen(START, 'de', 'Europe/Zurich', 'US')).toBe('Fr., 14.03.2031, 18:30');
  });
});
