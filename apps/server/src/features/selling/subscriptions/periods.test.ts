import { toZonedIso } from '@bookla/shared/zoned-time';
import { describe, expect, it } from 'vitest';
import { addDaysZoned, addMonthsZoned, nextPeriod, periodEnd } from './periods.ts';

const zurich = 'Europe/Zurich';
const at = (iso: string) => new Date(iso);
const local = (d: Date, tz = zurich) => toZonedIso(d, tz);

describe('membership periods in the team time zone', () => {
  it('31 January + 1 month is the last day of February, and the day comes back in March', () => {
    const anchor = at('2027-01-31T10:00:00+01:00');
    expect(local(addMonthsZoned(anchor, 1, zurich))).toBe('2027-02-28T10:00:00+01:00');
    expect(local(addMonthsZoned(anchor, 2, zurich))).toBe('2027-03-31T10:00:00+02:00');
    const first = periodEnd(anchor, 'month', 1, zurich, null);
    const second = nextPeriod(anchor, 'month', first, zurich);
    expect(local(second.start)).toBe('2027-02-28T10:00:00+01:00');
    expect(local(second.end)).toBe('2027-03-31T10:00:00+02:00');
    expect(local(nextPeriod(anchor, 'month', second.end, zurich).end)).toBe('2027-04-30T10:00:00+02:00');
  });

  it('a leap year has 29 February, and a yearly tier from 29 February renews on 28 February', () => {
    expect(local(addMonthsZoned(at('2028-01-31T09:30:00+01:00'), 1, zurich))).toBe('2028-02-29T09:30:00+01:00');
    const leap = at('2028-02-29T12:00:00+01:00');
    expect(local(periodEnd(leap, 'year', 1, zurich, null))).toBe('2029-02-28T12:00:00+01:00');
    expect(local(periodEnd(leap, 'year', 4, zurich, null))).toBe('2032-02-29T12:00:00+01:00');
  });

  it('keeps the wall-clock time across daylight-saving changes (the UTC length differs by an hour)', () => {
    const march = at('2027-03-15T18:00:00+01:00');
    const april = addMonthsZoned(march, 1, zurich);
    expect(local(april)).toBe('2027-04-15T18:00:00+02:00');
    expect(april.getTime() - march.getTime()).toBe((31 * 24 - 1) * 3_600_000);
    const october = at('2027-10-20T18:00:00+02:00');
    expect(local(addMonthsZoned(october, 1, zurich))).toBe('2027-11-20T18:00:00+01:00');
    // A time the spring change skips moves forward by the gap, as everywhere in the product.
    expect(local(addMonthsZoned(at('2027-02-28T02:30:00+01:00'), 1, zurich))).toBe('2027-03-28T03:30:00+02:00');
  });

  it('counts in the team zone, not the server zone: New York and Auckland month ends', () => {
    const ny = 'America/New_York';
    const jan31 = at('2027-01-31T23:30:00-05:00'); // already 1 February in UTC
    expect(local(addMonthsZoned(jan31, 1, ny), ny)).toBe('2027-02-28T23:30:00-05:00');
    const nz = 'Pacific/Auckland';
    const start = at('2027-03-31T08:00:00+13:00'); // 30 March in UTC
    expect(local(addMonthsZoned(start, 1, nz), nz)).toBe('2027-04-30T08:00:00+12:00');
  });

  it('a pass is valid its days from the purchase, in calendar days of the zone', () => {
    const bought = at('2027-03-01T20:00:00+01:00');
    expect(local(addDaysZoned(bought, 180, zurich))).toBe('2027-08-28T20:00:00+02:00');
    expect(local(periodEnd(bought, 'once', 1, zurich, 30))).toBe('2027-03-31T20:00:00+02:00');
  });

  it('the next period after a late renewal still follows the anchor', () => {
    const anchor = at('2027-01-31T10:00:00+01:00');
    // The sweep runs after the end (the machine was down): the period after 28 Feb is still 31 March.
    const next = nextPeriod(anchor, 'month', at('2027-02-28T10:00:00+01:00'), zurich);
    expect(local(next.end)).toBe('2027-03-31T10:00:00+02:00');
    const yearly = nextPeriod(anchor, 'year', periodEnd(anchor, 'year', 1, zurich, null), zurich);
    expect(local(yearly.end)).toBe('2029-01-31T10:00:00+01:00');
  });
});
