import { z } from 'zod';
import { RECURRENCE_FREQUENCIES, RESOURCE_KINDS, type RecurrenceFrequency } from './catalogue-model.ts';
import {
  ACTIVITY_KINDS,
  ACTIVITY_STATUSES,
  SESSION_STATUSES,
  idFieldSchema,
  idSchema,
  requiredTranslatedSchema,
  translatedInputSchema,
  translatedSchema,
} from './catalogue.ts';
import type { Language } from './i18n.ts';
import { listQuerySchema } from './pagination.ts';
import { successSchema } from './replies.ts';
import { parseZonedDateTime, toZonedIso, zonedParts, zonedTimeToUtc } from './zoned-time.ts';

/**
 * The timetable: sessions, the recurrence generator, holidays, resources and their conflicts.
 * Times are instants in replies (ISO with the team zone's offset) and wall-clock times of the
 * team's IANA zone in rules; the helpers below convert between the two with Intl only.
 * Messages are validation keys (shared ones live in `validation.json`).
 */

/** Sessions one generator run may create. */
export const MAX_GENERATED_SESSIONS = 200;
/** Sessions one activity may have (the session list is not paginated). */
export const MAX_SESSIONS_PER_ACTIVITY = 500;
/** Longest range of the calendar feed and resource bookings, in days. */
export const CALENDAR_MAX_DAYS = 400;
export const RESOURCE_CAPACITY_MAX = 100_000;

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

// ---------------------------------------------------------------------------------------------
// Calendar dates and wall-clock time in a zone

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MIN_YEAR = 1970;
const MAX_YEAR = 2200;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function splitDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE_RE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) ? null : { y, m, d };
}

/** `YYYY-MM-DD` → its parts, or null when it names no real day (2026-02-30) or a year out of range. */
export function parseLocalDate(value: string): { y: number; m: number; d: number } | null {
  const p = splitDate(value);
  return p && p.y >= MIN_YEAR && p.y <= MAX_YEAR ? p : null;
}

export const isLocalDate = (value: string): boolean => parseLocalDate(value) !== null;

const dateFromUtc = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** `2026-01-31` + 1 → `2026-02-01`. */
export function addDays(date: string, days: number): string {
  const p = splitDate(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  return dateFromUtc(Date.UTC(p.y, p.m - 1, p.d) + days * DAY);
}

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  const pa = splitDate(a)!;
  const pb = splitDate(b)!;
  return Math.round((Date.UTC(pb.y, pb.m - 1, pb.d) - Date.UTC(pa.y, pa.m - 1, pa.d)) / DAY);
}

/** A wall-clock time `HH:mm` on a day in the zone → the instant (DST gap forward, overlap first). */
export function wallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const p = splitDate(date);
  const t = TIME_RE.exec(time);
  if (!p || !t) throw new RangeError(`not a wall time: ${date} ${time}`);
  return zonedTimeToUtc({ year: p.y, month: p.m, day: p.d, hour: Number(t[1]), minute: Number(t[2]) }, timeZone);
}

/** The calendar day of an instant in a zone. */
export function localDateInZone(instant: Date | number, timeZone: string): string {
  const p = zonedParts(new Date(instant), timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** A calendar bound: a day (`YYYY-MM-DD`, its start; `end` → start of the next day) or a time. */
export function parseRangeBound(value: string, timeZone: string, end: boolean): Date | null {
  if (DATE_RE.test(value.trim())) {
    const date = value.trim();
    if (!isLocalDate(date)) return null;
    return wallTimeToUtc(end ? addDays(date, 1) : date, '00:00', timeZone);
  }
  return parseZonedDateTime(value, timeZone);
}

// ---------------------------------------------------------------------------------------------
// The recurrence generator

export interface RecurrenceRule {
  frequency: RecurrenceFrequency;
  first_date: string;
  start_time: string;
  end_time: string;
  until?: string | null | undefined;
  count?: number | null | undefined;
  skip_holidays: boolean;
  exceptions?: readonly string[] | undefined;
  /** The end time is on the day after the start (an overnight date); only then may it be before the start. */
  ends_next_day?: boolean | undefined;
}

/** A team holiday (inclusive range) with its name in the reader's language. */
export interface HolidayRange {
  starts_on: string;
  ends_on: string;
  name: string;
}

/** Why a date is not created: a holiday, an exception, or the activity already has that exact date. */
export type SkipReason = 'holiday' | 'exception' | 'exists';
export const SKIP_REASONS = ['holiday', 'exception', 'exists'] as const;

export interface Occurrence {
  date: string;
  starts_at: string;
  ends_at: string;
  skipped?: SkipReason;
  holiday_name?: string;
}

export interface GeneratedTimetable {
  occurrences: Occurrence[];
  /** The rule would create more than MAX_GENERATED_SESSIONS sessions (only the first ones listed). */
  tooMany: boolean;
}

/** Candidate dates looked at in one run (with many skipped dates `count` may not be reached). */
const MAX_CANDIDATES = 1000;

function nthDate(rule: RecurrenceRule, n: number): string {
  if (rule.frequency === 'weekly') return addDays(rule.first_date, 7 * n);
  if (rule.frequency === 'biweekly') return addDays(rule.first_date, 14 * n);
  // Monthly: always anchored to the first date's day, clamped to shorter months (31 → 28/29/30).
  const p = parseLocalDate(rule.first_date)!;
  const months = p.m - 1 + n;
  const y = p.y + Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(p.d, daysInMonth(y, m)))}`;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The one rule for a date's wall times (forms and server alike): the end must be after the start
 * on the same day, unless the date explicitly ends on the next day. Returns the validation key of
 * the problem, or null. Times are `HH:mm`; anything else is left to the format checks.
 */
export function endTimeError(startTime: string, endTime: string, endsNextDay: boolean | null | undefined): 'end_before_start' | null {
  if (endsNextDay || !TIME_RE.test(startTime) || !TIME_RE.test(endTime)) return null;
  return minutesOf(endTime) > minutesOf(startTime) ? null : 'end_before_start';
}

/**
 * Dates of a rule with local start/end times in the zone (kept across DST changes), until the
 * `until` day (inclusive) or `count` sessions, whichever comes first. Holidays (when asked) and
 * exceptions are listed as skipped and do not count. With `ends_next_day` the end time is on the
 * day after each date; without it an end not after the start is refused (RangeError).
 */
export function generateOccurrences(
  rule: RecurrenceRule,
  opts: { timeZone: string; holidays?: readonly HolidayRange[] },
): GeneratedTimetable {
  if (!isLocalDate(rule.first_date) || !TIME_RE.test(rule.start_time) || !TIME_RE.test(rule.end_time)) {
    throw new RangeError('invalid recurrence rule');
  }
  if (endTimeError(rule.start_time, rule.end_time, rule.ends_next_day)) throw new RangeError('end before start');
  const exceptions = new Set(rule.exceptions ?? []);
  const holidays = rule.skip_holidays ? (opts.holidays ?? []) : [];
  const nextDay = rule.ends_next_day === true;
  const duration = minutesOf(rule.end_time) - minutesOf(rule.start_time) + (nextDay ? 1440 : 0);
  const occurrences: Occurrence[] = [];
  let made = 0;
  for (let n = 0; n < MAX_CANDIDATES; n++) {
    if (rule.count && made >= rule.count) break;
    const date = nthDate(rule, n);
    if (rule.until && date > rule.until) break;
    if (parseLocalDate(date) === null) break;
    const start = wallTimeToUtc(date, rule.start_time, opts.timeZone);
    let end = wallTimeToUtc(nextDay ? addDays(date, 1) : date, rule.end_time, opts.timeZone);
    // A start moved by the spring gap could otherwise end before it begins.
    if (end.getTime() <= start.getTime()) end = new Date(start.getTime() + duration * MINUTE);
    const item: Occurrence = { date, starts_at: toZonedIso(start, opts.timeZone), ends_at: toZonedIso(end, opts.timeZone) };
    const holiday = holidays.find((h) => h.starts_on <= date && date <= h.ends_on);
    if (exceptions.has(date)) item.skipped = 'exception';
    else if (holiday) Object.assign(item, { skipped: 'holiday', holiday_name: holiday.name });
    else {
      if (made >= MAX_GENERATED_SESSIONS) return { occurrences, tooMany: true };
      made++;
    }
    occurrences.push(item);
  }
  return { occurrences, tooMany: false };
}

// ---------------------------------------------------------------------------------------------
// Schemas: inputs

export const localDateSchema = z.string().trim().refine(isLocalDate, { message: 'date' });
export const localTimeSchema = z.string().trim().regex(TIME_RE, { message: 'format' });
/** ISO with offset or local `YYYY-MM-DDTHH:mm` (read in the team zone by the server). */
export const zonedDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => parseZonedDateTime(v, 'UTC') !== null, { message: 'date' });
const dateOrDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => parseRangeBound(v, 'UTC', false) !== null, { message: 'date' });

const noteSchema = translatedInputSchema(1000).nullish();

/** Whether a date-time names its offset (`…Z`, `…+02:00`) rather than a wall time of the team zone. */
const hasOffset = (value: string) => parseZonedDateTime(value, 'UTC')?.getTime() === parseZonedDateTime(value, 'Asia/Tokyo')?.getTime();

/**
 * `ends_at` not after `starts_at` when both can be compared without the team zone (both wall
 * times or both with an offset); the server checks mixed ones once it knows the zone.
 */
function endsNotAfterStart(startsAt: string, endsAt: string): boolean {
  if (hasOffset(startsAt) !== hasOffset(endsAt)) return false;
  const start = parseZonedDateTime(startsAt, 'UTC');
  const end = parseZonedDateTime(endsAt, 'UTC');
  return start !== null && end !== null && end.getTime() <= start.getTime();
}

export const sessionBodySchema = z
  .strictObject({
    starts_at: zonedDateTimeSchema,
    ends_at: zonedDateTimeSchema,
    /**
     * An overnight date: the end's time is on the day after the start's day (the date part of
     * `ends_at` is not used). Without it the end must be after the start.
     */
    ends_next_day: z.boolean().optional(),
    note: noteSchema,
    /** Moving a session whose resources would be over-booked: save anyway. */
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.ends_next_day && endsNotAfterStart(v.starts_at, v.ends_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'end_before_start' });
  });
export type SessionBody = z.infer<typeof sessionBodySchema>;
/** A session as the forms send it (add, move). */
export type SessionBodyInput = z.input<typeof sessionBodySchema>;

/**
 * One date as the add and move forms hold it: the day, the wall times of the team zone and the
 * overnight choice; the end rule is the generator's (`endTimeError`). The forms send it as a
 * `sessionBodySchema` body (`starts_at` / `ends_at`), whose instants the server checks again.
 */
export const sessionTimesSchema = z
  .object({
    date: z.string().trim().min(1).pipe(localDateSchema),
    start: z.string().trim().min(1).pipe(localTimeSchema),
    end: z.string().trim().min(1).pipe(localTimeSchema),
    ends_next_day: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const endError = endTimeError(v.start, v.end, v.ends_next_day);
    if (endError) ctx.addIssue({ code: 'custom', path: ['end'], message: endError });
  });
export type SessionTimes = z.infer<typeof sessionTimesSchema>;

export const sessionGenerateBodySchema = z
  .strictObject({
    frequency: z.enum(RECURRENCE_FREQUENCIES),
    first_date: localDateSchema,
    start_time: localTimeSchema,
    end_time: localTimeSchema,
    until: localDateSchema.nullish(),
    count: z.number().int().min(1).max(MAX_GENERATED_SESSIONS).nullish(),
    skip_holidays: z.boolean().default(true),
    exceptions: z.array(localDateSchema).max(MAX_GENERATED_SESSIONS).default([]),
    /** Each date ends at `end_time` on the next day (an overnight date). */
    ends_next_day: z.boolean().default(false),
    preview: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const endError = endTimeError(v.start_time, v.end_time, v.ends_next_day);
    if (endError) ctx.addIssue({ code: 'custom', path: ['end_time'], message: endError });
    if (!v.until && v.count == null) ctx.addIssue({ code: 'custom', path: ['until'], message: 'until_or_count' });
    if (v.until && v.until < v.first_date) ctx.addIssue({ code: 'custom', path: ['until'], message: 'until_before_first' });
  });
export type SessionGenerateBody = z.infer<typeof sessionGenerateBodySchema>;
/** The generator as the form sends it (defaults filled in by the server). */
export type SessionGenerateInput = z.input<typeof sessionGenerateBodySchema>;
export type GeneratedOccurrence = z.infer<typeof occurrenceSchema>;

export const sessionResourceInputSchema = z.strictObject({
  resource_id: idSchema,
  quantity: z.number().int().min(1).max(RESOURCE_CAPACITY_MAX).default(1),
});
export const sessionResourcesBodySchema = z.strictObject({
  items: z.array(sessionResourceInputSchema).max(100),
  confirm: z.boolean().optional(),
});
export type SessionResourcesBody = z.infer<typeof sessionResourcesBodySchema>;

/** The same resources for several dates of one activity at once (replacing theirs). */
export const bulkSessionResourcesBodySchema = sessionResourcesBodySchema.extend({
  session_ids: z.array(idSchema).min(1).max(MAX_SESSIONS_PER_ACTIVITY),
});
export type BulkSessionResourcesBody = z.infer<typeof bulkSessionResourcesBodySchema>;

export const conflictCheckBodySchema = z.strictObject({
  session_id: idSchema.nullish(),
  starts_at: zonedDateTimeSchema,
  ends_at: zonedDateTimeSchema,
  items: z.array(sessionResourceInputSchema).max(100),
});
export type ConflictCheckBody = z.infer<typeof conflictCheckBodySchema>;

export const calendarQuerySchema = z.object({
  from: dateOrDateTimeSchema,
  to: dateOrDateTimeSchema,
  type_set_id: idFieldSchema.optional(),
  location_id: idFieldSchema.optional(),
  instructor_id: idFieldSchema.optional(),
  resource_id: idFieldSchema.optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** Without `from`: from today; without `to`: the 31 days from `from` (in the team zone). */
export const bookingsQuerySchema = z.object({ from: dateOrDateTimeSchema.optional(), to: dateOrDateTimeSchema.optional() });
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

/** A holiday as sent; `name` is checked against the team's languages by `holidaySchema`. */
export const holidayBodySchema = z.strictObject({ name: translatedInputSchema(), starts_on: localDateSchema, ends_on: localDateSchema });
export type HolidayBody = z.infer<typeof holidayBodySchema>;

export function holidaySchema(languages: readonly Language[]) {
  return holidayBodySchema
    .extend({ name: requiredTranslatedSchema(languages) })
    .refine((v) => v.ends_on >= v.starts_on, { path: ['ends_on'], message: 'ends_on_before_starts_on' });
}

export const HOLIDAY_SORT_FIELDS = ['id', 'starts_on', 'name'] as const;
export const holidayListQuerySchema = listQuerySchema(HOLIDAY_SORT_FIELDS, 'starts_on');

const capacitySchema = z.number().int().min(1).max(RESOURCE_CAPACITY_MAX);

export const resourceGroupBodySchema = z.strictObject({
  name: translatedInputSchema(),
  kind: z.enum(RESOURCE_KINDS),
  /** Checked fully by `resourceGroupSchema`, so capacity and name errors are reported together. */
  resources: z
    .array(z.strictObject({ id: idSchema.nullish(), name: translatedInputSchema(), capacity: z.number().int() }))
    .max(200)
    .optional(),
});
export type ResourceGroupBody = z.infer<typeof resourceGroupBodySchema>;

/** The resource group form for a team with these languages: every name in every language. */
export function resourceGroupSchema(languages: readonly Language[]) {
  return resourceGroupBodySchema.extend({
    name: requiredTranslatedSchema(languages),
    resources: z
      .array(z.strictObject({ id: idSchema.nullish(), name: requiredTranslatedSchema(languages), capacity: capacitySchema }))
      .max(200)
      .optional(),
  });
}

export const RESOURCE_GROUP_SORT_FIELDS = ['id', 'created_at', 'name', 'kind'] as const;
export const resourceGroupListQuerySchema = listQuerySchema(RESOURCE_GROUP_SORT_FIELDS, 'created_at');

// ---------------------------------------------------------------------------------------------
// Schemas: replies

export const sessionResourceSchema = z.object({ resource_id: z.number(), name: z.string(), quantity: z.number() });

/** Another session that, together with this one, needs more of a resource than it has. */
export const conflictSchema = z.object({
  resource_id: z.number(),
  resource_name: z.string(),
  session_id: z.number(),
  activity_id: z.number(),
  activity_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Peak number of units needed at the same time (this session included). */
  used: z.number(),
  capacity: z.number(),
  /** In a check over several dates: the date of the activity this conflict is about. */
  for_session_id: z.number().optional(),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const sessionItemSchema = z.object({
  id: z.number(),
  activity_id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(SESSION_STATUSES),
  note: translatedSchema,
  resources: z.array(sessionResourceSchema),
  conflicts: z.array(conflictSchema),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const occurrenceSchema = z.object({
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  skipped: z.enum(SKIP_REASONS).optional(),
  holiday_name: z.string().optional(),
});

/** A session saved (POST, PUT, cancel, reactivate): the session as it is now. */
export const sessionSavedReplySchema = successSchema.extend({ data: sessionItemSchema });
export type SessionSavedReply = z.infer<typeof sessionSavedReplySchema>;

/** 200 with `success: false`: resources would be over-booked; nothing changed (send `confirm` to save anyway). */
export const conflictsReplySchema = z.object({ success: z.literal(false), message: z.string(), conflicts: z.array(conflictSchema) });
export type ConflictsReply = z.infer<typeof conflictsReplySchema>;

/** A move or a resource change of one session: saved, or the conflicts it would cause. */
export const sessionSaveReplySchema = z.union([sessionSavedReplySchema, conflictsReplySchema]);
export type SessionSaveReply = z.infer<typeof sessionSaveReplySchema>;

/** The same resources for several sessions: saved (with how many), or the conflicts over all of them. */
export const bulkSessionResourcesReplySchema = z.union([
  successSchema.extend({ data: z.array(sessionItemSchema), updated: z.number() }),
  conflictsReplySchema,
]);
export type BulkSessionResourcesReply = z.infer<typeof bulkSessionResourcesReplySchema>;

/** POST /api/courses/:id/sessions/generate: the dates (a preview has no message and creates nothing). */
export const sessionGenerateReplySchema = z.object({
  success: z.literal(true).optional(),
  message: z.string().optional(),
  created: z.number().optional(),
  data: z.array(occurrenceSchema),
});
export type SessionGenerateReply = z.infer<typeof sessionGenerateReplySchema>;

/** POST /api/sa/conflicts/check. */
export const conflictCheckReplySchema = z.object({ conflicts: z.array(conflictSchema) });
export type ConflictCheckReply = z.infer<typeof conflictCheckReplySchema>;

export const calendarSessionSchema = z.object({
  id: z.number(),
  activity_id: z.number(),
  title: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  status: z.enum(SESSION_STATUSES),
  /** The activity's status: a draft's dates are not bookable yet, so the calendar marks them. */
  activity_status: z.enum(ACTIVITY_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  location_id: z.number().nullable(),
  /** The location's name in the request language. */
  location: z.string().nullable(),
  conflict: z.boolean(),
});
export type CalendarSession = z.infer<typeof calendarSessionSchema>;

export const resourceBookingSchema = calendarSessionSchema.extend({ resources: z.array(sessionResourceSchema) });
export type ResourceBooking = z.infer<typeof resourceBookingSchema>;

export const holidayItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type HolidayItem = z.infer<typeof holidayItemSchema>;

export const resourceItemSchema = z.object({ id: z.number(), name: translatedSchema, name_text: z.string(), capacity: z.number() });
export const resourceGroupItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  resources: z.array(resourceItemSchema),
});
export type ResourceGroupItem = z.infer<typeof resourceGroupItemSchema>;
