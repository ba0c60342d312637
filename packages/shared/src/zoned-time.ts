/**
 * Wall-clock time in a team's IANA time zone, with nothing but `Intl` (no dependencies), so the
 * server, the web client and embeds write and read dates the same way.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      // An unknown zone name reads as UTC rather than failing a whole reply.
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone, read by `Intl` (slow: ~5 µs a call). */
function intlParts(date: Date, timeZone: string): Required<WallTime> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour === 24 ? 0 : out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (whole seconds), read by `Intl`. */
function intlOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = intlParts(new Date(whole), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

const HOUR_MS = 3_600_000;
/** Instants where the arithmetic fast path is used (the proleptic Gregorian years `Intl` writes too). */
const FAST_FROM = Date.UTC(1900, 0, 2);
const FAST_TO = Date.UTC(2200, 0, 1);
/** Per zone: UTC hour → the zone's offset in ms through that whole hour, or NaN when it changes inside it. */
const offsetsByHour = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 100_000;

/**
 * A zone's offset at an instant. `Intl` is asked once per zone and UTC hour (at its first and last
 * second); when both agree the offset holds for the whole hour and is reused, so formatting a list
 * of dates costs arithmetic instead of one `formatToParts` per date. An hour with a change inside
 * (or an instant outside 1900–2199) is read exactly.
 */
function offsetMs(ms: number, timeZone: string): number {
  if (!(ms >= FAST_FROM && ms < FAST_TO)) return intlOffsetMs(ms, timeZone);
  let hours = offsetsByHour.get(timeZone);
  if (!hours) offsetsByHour.set(timeZone, (hours = new Map()));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const first = intlOffsetMs(hour * HOUR_MS, timeZone);
    offset = first === intlOffsetMs((hour + 1) * HOUR_MS - 1000, timeZone) ? first : Number.NaN;
    if (hours.size >= MAX_CACHED_HOURS) hours.clear();
    hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffsetMs(ms, timeZone) : offset;
}

/** Wall-clock fields from an instant already shifted by the zone's offset (read in UTC). */
function shiftedParts(shifted: Date): Required<WallTime> {
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(date: Date, timeZone: string): Required<WallTime> {
  const ms = date.getTime();
  if (!(ms >= FAST_FROM && ms < FAST_TO)) return intlParts(date, timeZone);
  return shiftedParts(new Date(Math.floor(ms / 1000) * 1000 + offsetMs(ms, timeZone)));
}

/** Minutes the zone is ahead of UTC at that instant (Europe/Zurich: 60 in winter, 120 in summer). */
export function timeZoneOffsetMinutes(date: Date, timeZone: string): number {
  return Math.round(offsetMs(date.getTime(), timeZone) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `+02:00` / `-05:00` / `+00:00`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** An instant as ISO 8601 with the zone's offset: `2026-03-29T19:00:00+02:00` (whole seconds). */
export function toZonedIso(date: Date | string | number, timeZone: string): string {
  const d = date instanceof Date ? date : new Date(date);
  const ms = d.getTime();
  const offset = offsetMs(ms, timeZone);
  const p = ms >= FAST_FROM && ms < FAST_TO ? shiftedParts(new Date(Math.floor(ms / 1000) * 1000 + offset)) : intlParts(d, timeZone);
  const year = p.year < 0 ? `-${pad(p.year, 6)}` : pad(p.year, 4);
  return (
    `${year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` + formatOffset(Math.round(offset / 60_000))
  );
}

/** `toZonedIso` for nullable columns. */
export function toZonedIsoOrNull(date: Date | string | number | null | undefined, timeZone: string): string | null {
  return date === null || date === undefined ? null : toZonedIso(date, timeZone);
}

/**
 * The instant a wall-clock time names in a zone. In the hour skipped by a DST change the time is
 * moved forward by the gap (02:30 on the spring-forward day in Zurich → 03:30 +02:00); in the
 * repeated autumn hour the earlier instant is taken.
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const before = timeZoneOffsetMinutes(new Date(guess - 86_400_000 / 2), timeZone);
  const after = timeZoneOffsetMinutes(new Date(guess + 86_400_000 / 2), timeZone);
  // The larger offset gives the earlier instant: an ambiguous time resolves to its first occurrence.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = new Date(guess - offset * 60_000);
    if (timeZoneOffsetMinutes(candidate, timeZone) === offset) return candidate;
  }
  return new Date(guess - Math.min(before, after) * 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-4]):?[0-5]\d)$/i;

function validWall(w: Required<WallTime>): boolean {
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.hour > 23 || w.minute > 59 || w.second > 59) return false;
  return w.day <= new Date(Date.UTC(w.year, w.month, 0)).getUTCDate();
}

/**
 * A date-time as the API accepts it: ISO 8601 with an offset (`2026-03-29T19:00:00+02:00`, `…Z`),
 * or a local `YYYY-MM-DDTHH:mm[:ss]` read in the team's zone. Anything else → null.
 */
export function parseZonedDateTime(text: string, timeZone: string): Date | null {
  const value = text.trim();
  const local = LOCAL.exec(value);
  const match = local ?? WITH_OFFSET.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s ?? 0) };
  if (!validWall(wall)) return null;
  if (local) return zonedTimeToUtc(wall, timeZone);
  // `Date` reads "+0200" only with a colon.
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}
