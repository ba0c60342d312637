import {
  CALENDAR_MAX_DAYS,
  addDays,
  localDateInZone,
  isLocalDate,
  parseRangeBound,
  pickText,
  toZonedIso,
  type BookingsQuery,
  type CalendarQuery,
  type CalendarSession,
  type Language,
  type ResourceBooking,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import { calendarSessions, type CalendarFilter } from './calendar.repo.ts';
import { conflictsOfSessions } from './conflicts.service.ts';
import { resourcesOfSessions } from './sessions.repo.ts';

/** The calendar feed of all sessions and a resource group's bookings, with conflict flags. */

type Team = { id: number; timeZone: string };

const DAY = 86_400_000;

/** `from`/`to` as days (`to` inclusive) or times in the team zone; `to` at most 400 days after `from`. */
export function parseCalendarRange(query: { from: string; to: string }, timeZone: string): { from: Date; to: Date } {
  const from = parseRangeBound(query.from, timeZone, false);
  const to = parseRangeBound(query.to, timeZone, true);
  if (!from) throw validationError({ from: ['date'] });
  if (!to) throw validationError({ to: ['date'] });
  if (to.getTime() <= from.getTime()) throw validationError({ to: ['timetable:validation.range_reversed'] });
  // A `to` day counts whole (it ends at the next midnight); an hour of slack for a 25-hour day.
  const days = CALENDAR_MAX_DAYS + (isLocalDate(query.to.trim()) ? 1 : 0);
  if (to.getTime() - from.getTime() > days * DAY + 3_600_000) {
    throw validationError({ to: [`timetable:validation.range_too_long|${JSON.stringify({ max: CALENDAR_MAX_DAYS })}`] });
  }
  return { from, to };
}

async function feed(db: Db, team: Team, filter: CalendarFilter, lang: Language): Promise<CalendarSession[]> {
  const rows = await calendarSessions(db, team.id, filter, lang);
  const conflicts = await conflictsOfSessions(
    db,
    team,
    rows.filter((r) => r.status === 'scheduled').map((r) => r.id),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    activity_id: r.activityId,
    title: r.title,
    kind: r.kind,
    status: r.status,
    activity_status: r.activityStatus,
    starts_at: toZonedIso(r.startsAt, team.timeZone),
    ends_at: toZonedIso(r.endsAt, team.timeZone),
    location_id: r.locationId,
    location: r.locationId === null ? null : r.location,
    conflict: (conflicts.get(r.id)?.length ?? 0) > 0,
  }));
}

export async function calendarFeed(db: Db, team: Team, query: CalendarQuery, lang: Language): Promise<CalendarSession[]> {
  const range = parseCalendarRange(query, team.timeZone);
  return feed(
    db,
    team,
    {
      ...range,
      typeSetId: query.type_set_id,
      locationId: query.location_id,
      instructorId: query.instructor_id,
      resourceId: query.resource_id,
    },
    lang,
  );
}

/** Sessions using the group's resources (the group already checked), with those resources. */
export async function groupBookings(db: Db, team: Team, groupId: number, query: BookingsQuery, lang: Language): Promise<ResourceBooking[]> {
  const from = query.from ?? localDateInZone(new Date(), team.timeZone);
  const start = parseRangeBound(from, team.timeZone, false);
  const to = query.to ?? (start ? addDays(localDateInZone(start, team.timeZone), 30) : from);
  const range = parseCalendarRange({ from, to }, team.timeZone);
  const sessions = await feed(db, team, { ...range, groupId }, lang);
  const uses = await resourcesOfSessions(
    db,
    team.id,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => ({
    ...s,
    resources: uses
      .filter((u) => u.sessionId === s.id && u.groupId === groupId)
      .map((u) => ({ resource_id: u.resourceId, name: pickText(u.name, lang), quantity: u.quantity })),
  }));
}
