import { describe, expect, it } from 'vitest';
import { parseZonedDateTime, timeZoneOffsetMinutes, toZonedIso, toZonedIsoOrNull, zonedTimeToUtc } from './zoned-time.ts';

const Z = 'Europe/Zurich';

describe('toZonedIso', () => {
  it('writes the team zone’s offset, winter and summer', () => {
    expect(toZonedIso(new Date('2026-01-15T18:00:00Z'), Z)).toBe('2026-01-15T19:00:00+01:00');
    expect(toZonedIso(new Date('2026-03-29T17:00:00Z'), Z)).toBe('2026-03-29T19:00:00+02:00');
    expect(toZonedIso('2026-07-01T22:30:45.999Z', Z)).toBe('2026-07-02T00:30:45+02:00');
    expect(toZonedIso(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(toZonedIso(new Date('2026-01-15T18:00:00Z'), 'America/New_York')).toBe('2026-01-15T13:00:00-05:00');
    expect(toZonedIso(new Date('2026-01-15T18:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T23:30:00+05:30');
    expect(toZonedIsoOrNull(null, Z)).toBeNull();
  });

  it('round-trips through Date', () => {
    for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      const d = new Date(iso);
      expect(new Date(toZonedIso(d, Z)).getTime()).toBe(d.getTime());
    }
  });

  it('agrees with Intl through a whole year, DST changes included (offsets are reused per hour)', () => {
    const zones = [Z, 'America/New_York', 'Australia/Lord_Howe'];
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
      });
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 41 * 60_000 + 7_000) {
        const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
        const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName!.slice(3);
        const expected = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
        expect(toZonedIso(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(expected);
      }
    }
  });

  it('reads an unknown zone as UTC instead of failing', () => {
    expect(toZonedIso(new Date('2026-01-15T18:00:00Z'), 'Mars/Olympus')).toBe('2026-01-15T18:00:00+00:00');
  });
});

describe('zonedTimeToUtc', () => {
  it('keeps the wall time across DST changes', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 28, hour: 19, minute: 0 }, Z).toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 29, hour: 19, minute: 0 }, Z).toISOString()).toBe('2026-03-29T17:00:00.000Z');
  });

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    expect(toZonedIso(zonedTimeToUtc({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, Z), Z)).toBe('2026-03-29T03:30:00+02:00');
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, Z).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(timeZoneOffsetMinutes(new Date('2026-10-25T01:30:00Z'), Z)).toBe(60);
  });
});

describe('parseZonedDateTime', () => {
  it('reads ISO with offset and local times in the zone', () => {
    expect(parseZonedDateTime('2026-03-29T19:00:00+02:00', Z)?.toISOString()).toBe('2026-03-29T17:00:00.000Z');
    expect(parseZonedDateTime('2026-03-29T19:00+0200', Z)?.toISOString()).toBe('2026-03-29T17:00:00.000Z');
    expect(parseZonedDateTime('2026-03-29T17:00:00.000Z', 'America/New_York')?.toISOString()).toBe('2026-03-29T17:00:00.000Z');
    expect(parseZonedDateTime(' 2026-01-10T08:15 ', Z)?.toISOString()).toBe('2026-01-10T07:15:00.000Z');
    expect(parseZonedDateTime('2026-07-10 08:15:30', Z)?.toISOString()).toBe('2026-07-10T06:15:30.000Z');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01',
      '2026-01-01T10:00+25:00',
    ]) {
      expect(parseZonedDateTime(bad, Z), bad).toBeNull();
    }
  });
});
