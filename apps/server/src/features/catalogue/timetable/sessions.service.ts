import {
  MAX_GENERATED_SESSIONS,
  MAX_SESSIONS_PER_ACTIVITY,
  addDays,
  compactTranslated,
  fillMissingTranslations,
  generateOccurrences,
  localDateInZone,
  parseZonedDateTime,
  pickText,
  toZonedIso,
  wallTimeToUtc,
  type BulkSessionResourcesBody,
  type Conflict,
  type Language,
  type Occurrence,
  type SessionBody,
  type SessionGenerateBody,
  type SessionItem,
  type SessionResourcesBody,
  type SessionStatus,
  type Translated,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { checkItems, conflictsInRange, conflictsOfPlan, conflictsOfSessions, parseRange } from './conflicts.service.ts';
import * as repo from './sessions.repo.ts';
import type { SessionRow } from './sessions.repo.ts';

/** An activity's timetable: single dates, generated series, moves, cancellations, resources. */

export interface TeamCtx {
  id: number;
  timeZone: string;
  languages: Language[];
}

export type SaveResult = { saved: true; session: SessionItem } | { saved: false; conflicts: Conflict[] };
export type BulkSaveResult = { saved: true; sessions: SessionItem[] } | { saved: false; conflicts: Conflict[] };

async function activityOrNotFound(db: DbOrTx, teamId: number, activityId: number, lock = false) {
  const activity = await repo.findActivity(db, teamId, activityId, lock);
  if (!activity) throw notFound();
  return activity;
}

async function sessionOrNotFound(db: DbOrTx, teamId: number, activityId: number, sessionId: number) {
  await activityOrNotFound(db, teamId, activityId);
  const session = await repo.findSession(db, teamId, activityId, sessionId);
  if (!session) throw notFound();
  return session;
}

/** Sessions with their resources and conflicts: three queries for any number of sessions. */
async function toItems(db: DbOrTx, team: TeamCtx, rows: SessionRow[], lang: Language): Promise<SessionItem[]> {
  const ids = rows.map((r) => r.id);
  const [uses, conflicts] = await Promise.all([repo.resourcesOfSessions(db, team.id, ids), conflictsOfSessions(db, team, ids, lang)]);
  return rows.map((r) => ({
    id: r.id,
    activity_id: r.activityId,
    starts_at: toZonedIso(r.startsAt, team.timeZone),
    ends_at: toZonedIso(r.endsAt, team.timeZone),
    status: r.status,
    note: r.note,
    resources: uses
      .filter((u) => u.sessionId === r.id)
      .map((u) => ({ resource_id: u.resourceId, name: pickText(u.name, lang), quantity: u.quantity })),
    conflicts: conflicts.get(r.id) ?? [],
  }));
}

async function toItem(db: DbOrTx, team: TeamCtx, row: SessionRow, lang: Language): Promise<SessionItem> {
  return (await toItems(db, team, [row], lang))[0]!;
}

export async function listSessions(db: Db, team: TeamCtx, activityId: number, lang: Language): Promise<SessionItem[]> {
  await activityOrNotFound(db, team.id, activityId);
  return toItems(db, team, await repo.listSessions(db, team.id, activityId), lang);
}

const noteOf = (note: SessionBody['note'], languages: Language[]): Translated =>
  fillMissingTranslations(compactTranslated(note), languages);

function limitReached(): AppError {
  const params = { max: MAX_SESSIONS_PER_ACTIVITY };
  return new AppError('VALIDATION_FAILED', 'timetable:session.limit', {
    params,
    fields: {
      sessions: [`timetable:session.limit|${JSON.stringify(params)}`],
    },
  });
}

/** Same activity, same start and end: the identity of a date (cancelled ones included). */
const rangeKey = (start: Date | string, end: Date | string) => `${new Date(start).getTime()}:${new Date(end).getTime()}`;

async function takenRanges(db: DbOrTx, teamId: number, activityId: number): Promise<Set<string>> {
  return new Set((await repo.sessionRanges(db, teamId, activityId)).map((r) => rangeKey(r.startsAt, r.endsAt)));
}

function duplicateDate(): AppError {
  return new AppError('VALIDATION_FAILED', 'timetable:session.duplicate', { fields: { starts_at: ['timetable:session.duplicate'] } });
}

/**
 * Inserts sessions under a lock of the activity, so parallel calls can neither pass the limit nor
 * store the same date twice. Exact duplicates of a stored date are skipped, or refused (422).
 * Returns the stored rows and the dates that already existed.
 */
async function insertWithinLimit(
  db: Db,
  team: TeamCtx,
  activityId: number,
  rows: repo.NewSession[],
  duplicates: 'skip' | 'refuse',
): Promise<{ stored: SessionRow[]; taken: Set<string> }> {
  return db.transaction(async (tx) => {
    await activityOrNotFound(tx, team.id, activityId, true);
    const taken = await takenRanges(tx, team.id, activityId);
    const fresh = rows.filter((r) => !taken.has(rangeKey(r.startsAt, r.endsAt)));
    if (fresh.length < rows.length && duplicates === 'refuse') throw duplicateDate();
    if ((await repo.countSessions(tx, team.id, activityId)) + fresh.length > MAX_SESSIONS_PER_ACTIVITY) throw limitReached();
    return { stored: await repo.insertSessions(tx, team.id, activityId, fresh), taken };
  });
}

/**
 * Start and end of a single date. With `ends_next_day` the end is the wall time of `ends_at` on
 * the day after the start's day (in the team zone); otherwise the end must follow the start.
 */
function sessionRange(body: SessionBody, timeZone: string): { start: Date; end: Date } {
  if (!body.ends_next_day) return parseRange(body, timeZone);
  const start = parseZonedDateTime(body.starts_at, timeZone);
  const end = parseZonedDateTime(body.ends_at, timeZone);
  if (!start || !end) return parseRange(body, timeZone);
  const endTime = toZonedIso(end, timeZone).slice(11, 16);
  const nextDayEnd = wallTimeToUtc(addDays(localDateInZone(start, timeZone), 1), endTime, timeZone);
  return parseRange({ starts_at: body.starts_at, ends_at: toZonedIso(nextDayEnd, timeZone) }, timeZone);
}

export async function createSession(db: Db, team: TeamCtx, activityId: number, body: SessionBody, lang: Language): Promise<SessionItem> {
  await activityOrNotFound(db, team.id, activityId);
  const { start, end } = sessionRange(body, team.timeZone);
  const row = { startsAt: start, endsAt: end, note: noteOf(body.note, team.languages) };
  const { stored } = await insertWithinLimit(db, team, activityId, [row], 'refuse');
  return toItem(db, team, stored[0]!, lang);
}

/** Marks dates the activity already has (same start and end) as skipped `exists`. */
function markExisting(occurrences: Occurrence[], taken: Set<string>): Occurrence[] {
  return occurrences.map((o) => (!o.skipped && taken.has(rangeKey(o.starts_at, o.ends_at)) ? { ...o, skipped: 'exists' } : o));
}

/** Previews or stores a series; skipped dates (holidays, exceptions, dates that exist) are listed, never stored. */
export async function generateSessions(
  db: Db,
  team: TeamCtx,
  activityId: number,
  body: SessionGenerateBody,
  lang: Language,
): Promise<{ occurrences: Occurrence[]; created: number }> {
  await activityOrNotFound(db, team.id, activityId);
  const holidays = body.skip_holidays ? await repo.holidaysFrom(db, team.id, body.first_date) : [];
  const { occurrences, tooMany } = generateOccurrences(body, {
    timeZone: team.timeZone,
    holidays: holidays.map((h) => ({ starts_on: h.startsOn, ends_on: h.endsOn, name: pickText(h.name, lang) })),
  });
  if (tooMany)
    throw validationError({ until: [`timetable:validation.too_many_occurrences|${JSON.stringify({ max: MAX_GENERATED_SESSIONS })}`] });
  if (body.preview) return { occurrences: markExisting(occurrences, await takenRanges(db, team.id, activityId)), created: 0 };
  const rows = occurrences.filter((o) => !o.skipped).map((o) => ({ startsAt: new Date(o.starts_at), endsAt: new Date(o.ends_at) }));
  const { stored, taken } = await insertWithinLimit(db, team, activityId, rows, 'skip');
  return { occurrences: markExisting(occurrences, taken), created: stored.length };
}

/** Moves a session; with resources over-booked at the new time and no `confirm`, nothing changes. */
export async function moveSession(
  db: Db,
  team: TeamCtx,
  activityId: number,
  sessionId: number,
  body: SessionBody,
  lang: Language,
): Promise<SaveResult> {
  const session = await sessionOrNotFound(db, team.id, activityId, sessionId);
  const { start, end } = sessionRange(body, team.timeZone);
  if (session.status === 'scheduled' && !body.confirm) {
    const uses = await repo.resourcesOfSessions(db, team.id, [session.id]);
    const items = uses.map((u) => ({ resource_id: u.resourceId, quantity: u.quantity }));
    const known = new Map(uses.map((u) => [u.resourceId, { id: u.resourceId, name: u.name, capacity: u.capacity }]));
    const conflicts = await conflictsInRange(db, team, { start, end, items, excludeSessionId: session.id }, lang, known);
    if (conflicts.length) return { saved: false, conflicts };
  }
  const values: Parameters<typeof repo.updateSession>[3] = { startsAt: start, endsAt: end };
  if (body.note !== undefined) values.note = noteOf(body.note, team.languages);
  const row = await repo.updateSession(db, team.id, session.id, values);
  if (!row) throw notFound();
  return { saved: true, session: await toItem(db, team, row, lang) };
}

export async function setSessionStatus(
  db: Db,
  team: TeamCtx,
  activityId: number,
  sessionId: number,
  status: SessionStatus,
  lang: Language,
): Promise<SessionItem> {
  const session = await sessionOrNotFound(db, team.id, activityId, sessionId);
  const row = await repo.updateSession(db, team.id, session.id, { status });
  if (!row) throw notFound();
  return toItem(db, team, row, lang);
}

/** Deletes a session unless seats of its own tickets were sold. */
export async function deleteSession(db: Db, team: TeamCtx, activityId: number, sessionId: number): Promise<void> {
  const session = await sessionOrNotFound(db, team.id, activityId, sessionId);
  await db.transaction(async (tx) => {
    if ((await repo.soldOfSession(tx, team.id, session.id)) > 0) {
      throw new AppError('VALIDATION_FAILED', 'timetable:session.has_sold_tickets', {
        fields: { session: ['timetable:session.has_sold_tickets'] },
      });
    }
    if (!(await repo.deleteSession(tx, team.id, session.id))) throw notFound();
  });
}

/** Replaces the session's resources; over-booking without `confirm` changes nothing. */
export async function assignResources(
  db: Db,
  team: TeamCtx,
  activityId: number,
  sessionId: number,
  body: SessionResourcesBody,
  lang: Language,
): Promise<SaveResult> {
  const session = await sessionOrNotFound(db, team.id, activityId, sessionId);
  const known = await checkItems(db, team.id, body.items);
  if (session.status === 'scheduled' && !body.confirm) {
    const range = { start: session.startsAt, end: session.endsAt, items: body.items, excludeSessionId: session.id };
    const conflicts = await conflictsInRange(db, team, range, lang, known);
    if (conflicts.length) return { saved: false, conflicts };
  }
  await db.transaction(async (tx) => {
    const items = body.items.map((i) => ({ resourceId: i.resource_id, quantity: i.quantity }));
    await repo.replaceSessionResources(tx, team.id, session.id, items);
  });
  return { saved: true, session: await toItem(db, team, session, lang) };
}

/**
 * The same resources for several dates of the activity (theirs replaced), e.g. "all dates" or
 * "this and the following dates". Conflicts are checked over all of them at once, the dates
 * among each other included; with any and no `confirm`, nothing changes.
 */
export async function assignResourcesToMany(
  db: Db,
  team: TeamCtx,
  activityId: number,
  body: BulkSessionResourcesBody,
  lang: Language,
): Promise<BulkSaveResult> {
  const activity = await activityOrNotFound(db, team.id, activityId);
  const ids = [...new Set(body.session_ids)];
  const rows = await repo.findSessions(db, team.id, activityId, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing: Record<string, string[]> = {};
  body.session_ids.forEach((id, i) => {
    if (!found.has(id)) missing[`session_ids.${i}`] = ['timetable:validation.session_not_found'];
  });
  if (Object.keys(missing).length) throw validationError(missing);
  const known = await checkItems(db, team.id, body.items);
  if (!body.confirm) {
    const planned = rows.filter((r) => r.status === 'scheduled').map((r) => ({ id: r.id, start: r.startsAt, end: r.endsAt }));
    const conflicts = await conflictsOfPlan(db, team, { sessions: planned, items: body.items, activity }, lang, known);
    if (conflicts.length) return { saved: false, conflicts };
  }
  const items = body.items.map((i) => ({ resourceId: i.resource_id, quantity: i.quantity }));
  await db.transaction(async (tx) => {
    for (const row of rows) await repo.replaceSessionResources(tx, team.id, row.id, items);
  });
  return { saved: true, sessions: await toItems(db, team, rows, lang) };
}
