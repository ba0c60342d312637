import { describe, expect, it } from 'vitest';
import {
  MAX_GENERATED_SESSIONS,
  addDays,
  endTimeError,
  generateOccurrences,
  holidaySchema,
  parseLocalDate,
  parseRangeBound,
  sessionBodySchema,
  sessionGenerateBodySchema,
  wallTimeToUtc,
  type RecurrenceRule,
} from './catalogue-timetable.ts';
import { installValidationMessages } from './validation.ts';

installValidationMessages();

const ZRH = 'Europe/Zurich';
const rule = (r: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: 'weekly',
  first_date: '2026-03-01',
  start_time: '19:00',
  end_time: '20:30',
  skip_holidays: true,
  ...r,
});
const run = (r: Partial<RecurrenceRule>, holidays: { starts_on: string; ends_on: string; name: string }[] = []) =>
  generateOccurrences(rule(r), { timeZone: ZRH, holidays });

describe('dates', () => {
  it('knows real days and adds days across months and leap years', () => {
    expect(parseLocalDate('2028-02-29')).toEqual({ y: 2028, m: 2, d: 29 });
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2026-13-01')).toBeNull();
    expect(parseLocalDate('26-01-01')).toBeNull();
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('turns wall time into instants: gap forward, overlap first', () => {
    expect(wallTimeToUtc('2026-03-29', '02:30', ZRH).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeToUtc('2026-10-25', '02:30', ZRH).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallTimeToUtc('2026-07-01', '19:00', ZRH).toISOString()).toBe('2026-07-01T17:00:00.000Z');
  });

  it('reads calendar bounds as days in the zone or as times', () => {
    expect(parseRangeBound('2026-07-01', ZRH, false)!.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(parseRangeBound('2026-07-01', ZRH, true)!.toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(parseRangeBound('2026-07-01T10:00:00Z', ZRH, false)!.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(parseRangeBound('2026-02-30', ZRH, false)).toBeNull();
  });
});

describe('generateOccurrences', () => {
  it('keeps 19:00 local across the spring change (2026-03-29)', () => {
    const { occurrences } = run({ first_date: '2026-03-22', count: 3 });
    expect(occurrences.map((o) => o.starts_at)).toEqual([
      '2026-03-22T19:00:00+01:00',
      '2026-03-29T19:00:00+02:00',
      '2026-04-05T19:00:00+02:00',
    ]);
    expect(occurrences[1]!.ends_at).toBe('2026-03-29T20:30:00+02:00');
  });

  it('keeps 19:00 local across the autumn change (2026-10-25)', () => {
    const { occurrences } = run({ first_date: '2026-10-18', count: 2 });
    expect(occurrences.map((o) => o.starts_at)).toEqual(['2026-10-18T19:00:00+02:00', '2026-10-25T19:00:00+01:00']);
  });

  it('moves a start in the spring gap forward by an hour and takes the first of an ambiguous autumn time', () => {
    const spring = run({ first_date: '2026-03-29', start_time: '02:30', end_time: '04:00', count: 1 }).occurrences[0]!;
    expect(spring.starts_at).toBe('2026-03-29T03:30:00+02:00');
    expect(spring.ends_at).toBe('2026-03-29T04:00:00+02:00');
    const gapOnly = run({ first_date: '2026-03-29', start_time: '02:15', end_time: '02:45', count: 1 }).occurrences[0]!;
    expect(new Date(gapOnly.ends_at).getTime()).toBeGreaterThan(new Date(gapOnly.starts_at).getTime());
    const autumn = run({ first_date: '2026-10-25', start_time: '02:30', end_time: '03:30', count: 1 }).occurrences[0]!;
    expect(autumn.starts_at).toBe('2026-10-25T02:30:00+02:00');
    expect(autumn.ends_at).toBe('2026-10-25T03:30:00+01:00');
  });

  it('ends on the next day only when asked to; an end not after the start is refused otherwise', () => {
    const [o] = run({ first_date: '2026-03-28', start_time: '22:00', end_time: '01:00', count: 1, ends_next_day: true }).occurrences;
    expect(o).toMatchObject({ starts_at: '2026-03-28T22:00:00+01:00', ends_at: '2026-03-29T01:00:00+01:00' });
    const [same] = run({ first_date: '2026-05-01', start_time: '10:00', end_time: '10:00', count: 1, ends_next_day: true }).occurrences;
    expect(same!.ends_at).toBe('2026-05-02T10:00:00+02:00');
    expect(() => run({ first_date: '2026-05-01', start_time: '10:00', end_time: '09:00', count: 1 })).toThrow(RangeError);
  });

  it('endTimeError: the shared rule of forms and server', () => {
    expect(endTimeError('10:00', '09:00', false)).toBe('end_before_start');
    expect(endTimeError('10:00', '10:00', undefined)).toBe('end_before_start');
    expect(endTimeError('10:00', '09:00', true)).toBeNull();
    expect(endTimeError('10:00', '10:30', false)).toBeNull();
  });

  it('repeats every other week for biweekly', () => {
    const dates = run({ frequency: 'biweekly', first_date: '2026-01-05', count: 3 }).occurrences.map((o) => o.date);
    expect(dates).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
  });

  it('clamps monthly day 31 to shorter months and returns to it', () => {
    const dates = run({ frequency: 'monthly', first_date: '2026-01-31', count: 5 }).occurrences.map((o) => o.date);
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('uses 29 February in a leap year and 30th anchors across the year end', () => {
    expect(run({ frequency: 'monthly', first_date: '2028-01-30', count: 3 }).occurrences.map((o) => o.date)).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(run({ frequency: 'monthly', first_date: '2026-11-30', count: 4 }).occurrences.map((o) => o.date)).toEqual([
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
    ]);
  });

  it('stops at until (inclusive) or count, whichever comes first', () => {
    expect(run({ first_date: '2026-06-01', until: '2026-06-15' }).occurrences.map((o) => o.date)).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
    expect(run({ first_date: '2026-06-01', until: '2026-06-14' }).occurrences).toHaveLength(2);
    expect(run({ first_date: '2026-06-01', until: '2026-12-31', count: 2 }).occurrences).toHaveLength(2);
    expect(run({ first_date: '2026-06-01', until: '2026-06-15', count: 10 }).occurrences).toHaveLength(3);
  });

  it('skips holidays (inclusive ranges) and exceptions, listing them, without counting them', () => {
    const holidays = [{ starts_on: '2026-06-08', ends_on: '2026-06-15', name: 'Sommerferien' }];
    const { occurrences } = run({ first_date: '2026-06-01', count: 3, exceptions: ['2026-06-22'] }, holidays);
    expect(occurrences.map((o) => [o.date, o.skipped ?? null, o.holiday_name ?? null])).toEqual([
      ['2026-06-01', null, null],
      ['2026-06-08', 'holiday', 'Sommerferien'],
      ['2026-06-15', 'holiday', 'Sommerferien'],
      ['2026-06-22', 'exception', null],
      ['2026-06-29', null, null],
      ['2026-07-06', null, null],
    ]);
  });

  it('keeps holidays when asked not to skip them', () => {
    const holidays = [{ starts_on: '2026-06-08', ends_on: '2026-06-08', name: 'Pfingstmontag' }];
    const { occurrences } = run({ first_date: '2026-06-01', count: 2, skip_holidays: false }, holidays);
    expect(occurrences.map((o) => o.skipped ?? null)).toEqual([null, null]);
  });

  it('reports a rule that would create more than the maximum', () => {
    const long = run({ first_date: '2026-01-01', until: '2031-01-01' });
    expect(long.tooMany).toBe(true);
    expect(long.occurrences.filter((o) => !o.skipped)).toHaveLength(MAX_GENERATED_SESSIONS);
    const full = run({ first_date: '2026-01-01', count: MAX_GENERATED_SESSIONS });
    expect(full.tooMany).toBe(false);
    expect(full.occurrences).toHaveLength(MAX_GENERATED_SESSIONS);
  });
});

describe('schemas', () => {
  const base = { frequency: 'weekly', first_date: '2026-06-01', start_time: '19:00', end_time: '20:00', skip_holidays: true };

  it('needs until or count, an until not before the first date, count 1..200 and real times', () => {
    const paths = (body: object) => {
      const r = sessionGenerateBodySchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(paths(base)).toEqual(['until:until_or_count']);
    expect(paths({ ...base, until: '2026-05-01' })).toEqual(['until:until_before_first']);
    expect(paths({ ...base, count: 201 })).toEqual(['count:max_number|{"max":200}']);
    expect(paths({ ...base, count: 0 })).toEqual(['count:min_number|{"min":1}']);
    expect(paths({ ...base, count: 3, start_time: '24:00', first_date: '2026-02-30' })).toEqual(['first_date:date', 'start_time:format']);
    expect(paths({ ...base, count: 3 })).toEqual([]);
  });

  it('refuses an end time not after the start time unless the dates end on the next day', () => {
    const r = sessionGenerateBodySchema.safeParse({ ...base, count: 3, start_time: '10:00', end_time: '09:00' });
    expect(r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['end_time:end_before_start']);
    expect(
      sessionGenerateBodySchema.safeParse({ ...base, count: 3, start_time: '10:00', end_time: '09:00', ends_next_day: true }).success,
    ).toBe(true);
    const single = (body: object) => sessionBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(single({ starts_at: '2026-06-01T14:00', ends_at: '2026-06-01T13:00' })).toEqual(['ends_at:end_before_start']);
    expect(single({ starts_at: '2026-06-01T14:00+02:00', ends_at: '2026-06-01T14:00+02:00' })).toEqual(['ends_at:end_before_start']);
    expect(single({ starts_at: '2026-06-01T23:00', ends_at: '2026-06-02T01:00', ends_next_day: true })).toEqual([]);
    // Mixed forms need the team zone: the server checks them.
    expect(single({ starts_at: '2026-07-01T19:00', ends_at: '2026-07-01T18:30:00Z' })).toEqual([]);
  });

  it('holidays: name in every team language, start not after end', () => {
    const r = holidaySchema(['de', 'fr']).safeParse({ name: { de: 'Ferien' }, starts_on: '2026-07-10', ends_on: '2026-07-01' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['name.fr']);
    const r2 = holidaySchema(['de']).safeParse({ name: { de: 'Ferien' }, starts_on: '2026-07-10', ends_on: '2026-07-01' });
    expect(r2.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['ends_on:ends_on_before_starts_on']);
  });
});
