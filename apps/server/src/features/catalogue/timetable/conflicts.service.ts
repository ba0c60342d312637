import {
  parseZonedDateTime,
  pickText,
  toZonedIso,
  type Conflict,
  type ConflictCheckBody,
  type Language,
  type Translated,
} from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import * as repo from './conflicts.repo.ts';
import { findTeamSession } from './sessions.repo.ts';

/**
 * Resource conflicts: a resource is over-booked when, at some moment, the scheduled sessions
 * running then need more units of it than its capacity. Conflicts are shown, not forbidden.
 */

interface Span {
  start: number;
  end: number;
  quantity: number;
}

/**
 * The peak usage of a resource during `own` (its own quantity included) and the other sessions
 * that take part in a moment above the capacity.
 */
export function overbooking<T extends Span>(own: Span, others: readonly T[], capacity: number): { used: number; culprits: T[] } {
  const points = new Set([own.start, own.end]);
  for (const o of others) {
    if (o.start > own.start && o.start < own.end) points.add(o.start);
    if (o.end > own.start && o.end < own.end) points.add(o.end);
  }
  const sorted = [...points].sort((a, b) => a - b);
  const culprits = new Set<T>();
  let used = own.quantity;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [from, to] = [sorted[i]!, sorted[i + 1]!];
    const active = others.filter((o) => o.start < to && o.end > from);
    const total = own.quantity + active.reduce((s, o) => s + o.quantity, 0);
    used = Math.max(used, total);
    if (total > capacity) for (const o of active) culprits.add(o);
  }
  return { used, culprits: others.filter((o) => culprits.has(o)) };
}

type OtherRow = Awaited<ReturnType<typeof repo.usageInRange>>[number];

function toConflicts(
  resource: { id: number; name: Translated; capacity: number },
  own: Span,
  rows: OtherRow[],
  timeZone: string,
  lang: Language,
): Conflict[] {
  const others = rows.map((r) => ({ start: r.otherStart.getTime(), end: r.otherEnd.getTime(), quantity: r.otherQuantity, row: r }));
  const { used, culprits } = overbooking(own, others, resource.capacity);
  return culprits.map(({ row }) => ({
    resource_id: resource.id,
    resource_name: pickText(resource.name, lang),
    session_id: row.otherId,
    activity_id: row.activityId,
    activity_name: pickText(row.activityName, lang),
    starts_at: toZonedIso(row.otherStart, timeZone),
    ends_at: toZonedIso(row.otherEnd, timeZone),
    used,
    capacity: resource.capacity,
  }));
}

/** Conflicts of stored sessions, by session id (cancelled ones have none). */
export async function conflictsOfSessions(
  db: DbOrTx,
  team: { id: number; timeZone: string },
  sessionIds: number[],
  lang: Language,
): Promise<Map<number, Conflict[]>> {
  const rows = await repo.overlapsOfSessions(db, team.id, sessionIds);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.sessionId}:${r.resourceId}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out = new Map<number, Conflict[]>();
  for (const group of groups.values()) {
    const first = group[0]!;
    const own = { start: first.ownStart.getTime(), end: first.ownEnd.getTime(), quantity: first.ownQuantity };
    const resource = { id: first.resourceId, name: first.resourceName, capacity: first.capacity };
    const found = toConflicts(resource, own, group, team.timeZone, lang);
    if (found.length) out.set(first.sessionId, [...(out.get(first.sessionId) ?? []), ...found]);
  }
  return out;
}

export interface ResourceItem {
  resource_id: number;
  quantity: number;
}

/**
 * Checks an items list: resources of the team, each once, quantity within capacity. Returns the
 * resources by id; 422 with `items.N.*` paths otherwise.
 */
export async function checkItems(db: DbOrTx, teamId: number, items: readonly ResourceItem[]) {
  const found = await repo.resourcesByIds(db, teamId, [...new Set(items.map((i) => i.resource_id))]);
  const byId = new Map(found.map((r) => [r.id, r]));
  const fields: Record<string, string[]> = {};
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const resource = byId.get(item.resource_id);
    if (!resource) fields[`items.${i}.resource_id`] = ['timetable:validation.resource_not_found'];
    else if (seen.has(item.resource_id)) fields[`items.${i}.resource_id`] = ['timetable:validation.resource_duplicate'];
    else if (item.quantity > resource.capacity)
      fields[`items.${i}.quantity`] = [`timetable:validation.quantity_above_capacity|${JSON.stringify({ capacity: resource.capacity })}`];
    seen.add(item.resource_id);
  });
  if (Object.keys(fields).length) throw validationError(fields);
  return byId;
}

/** Conflicts the items would have in [start, end), leaving the session itself out. */
export async function conflictsInRange(
  db: DbOrTx,
  team: { id: number; timeZone: string },
  input: { start: Date; end: Date; items: readonly ResourceItem[]; excludeSessionId?: number | undefined },
  lang: Language,
  /** The items' resources when already known (stored assignments): no item checks then. */
  known?: ReadonlyMap<number, { id: number; name: Translated; capacity: number }>,
): Promise<Conflict[]> {
  const byId = known ?? (await checkItems(db, team.id, input.items));
  const rows = await repo.usageInRange(db, team.id, [...byId.keys()], input.start, input.end, input.excludeSessionId);
  const own = { start: input.start.getTime(), end: input.end.getTime() };
  return input.items.flatMap((item) => {
    const resource = byId.get(item.resource_id)!;
    const mine = rows.filter((r) => r.resourceId === item.resource_id);
    return toConflicts(resource, { ...own, quantity: item.quantity }, mine, team.timeZone, lang);
  });
}

/**
 * Conflicts of giving the same items to several sessions of one activity at once: each of them
 * against the stored usage (their own current assignments left out, as they are replaced) and
 * against the others of the plan. Each conflict names the planned session in `for_session_id`.
 */
export async function conflictsOfPlan(
  db: DbOrTx,
  team: { id: number; timeZone: string },
  plan: {
    sessions: readonly { id: number; start: Date; end: Date }[];
    items: readonly ResourceItem[];
    activity: { id: number; name: Translated };
  },
  lang: Language,
  known: ReadonlyMap<number, { id: number; name: Translated; capacity: number }>,
): Promise<Conflict[]> {
  const { sessions, items, activity } = plan;
  if (!sessions.length || !items.length) return [];
  const from = new Date(Math.min(...sessions.map((s) => s.start.getTime())));
  const to = new Date(Math.max(...sessions.map((s) => s.end.getTime())));
  const ids = sessions.map((s) => s.id);
  const stored = await repo.usageInRange(db, team.id, [...known.keys()], from, to, ids);
  return sessions.flatMap((own) =>
    items.flatMap((item) => {
      const resource = known.get(item.resource_id)!;
      const overlaps = (start: Date, end: Date) => start < own.end && end > own.start;
      const others: OtherRow[] = [
        ...stored.filter((r) => r.resourceId === item.resource_id && overlaps(r.otherStart, r.otherEnd)),
        ...sessions
          .filter((s) => s.id !== own.id && overlaps(s.start, s.end))
          .map((s) => ({
            resourceId: item.resource_id,
            otherId: s.id,
            otherStart: s.start,
            otherEnd: s.end,
            otherQuantity: item.quantity,
            activityId: activity.id,
            activityName: activity.name,
          })),
      ];
      const span = { start: own.start.getTime(), end: own.end.getTime(), quantity: item.quantity };
      return toConflicts(resource, span, others, team.timeZone, lang).map((c) => ({ ...c, for_session_id: own.id }));
    }),
  );
}

/** Start and end of a body in the team zone; 422 unless the end is after the start. */
export function parseRange(body: { starts_at: string; ends_at: string }, timeZone: string): { start: Date; end: Date } {
  const start = parseZonedDateTime(body.starts_at, timeZone);
  const end = parseZonedDateTime(body.ends_at, timeZone);
  const fields: Record<string, string[]> = {};
  if (!start) fields.starts_at = ['date'];
  if (!end) fields.ends_at = ['date'];
  else if (start && end.getTime() <= start.getTime()) fields.ends_at = ['end_before_start'];
  if (!start || !end || Object.keys(fields).length) throw validationError(fields);
  return { start, end };
}

/** POST /api/sa/conflicts/check. */
export async function checkConflicts(db: DbOrTx, team: { id: number; timeZone: string }, body: ConflictCheckBody, lang: Language) {
  const { start, end } = parseRange(body, team.timeZone);
  if (body.session_id && !(await findTeamSession(db, team.id, body.session_id))) {
    throw validationError({ session_id: ['timetable:validation.session_not_found'] });
  }
  return conflictsInRange(db, team, { start, end, items: body.items, excludeSessionId: body.session_id ?? undefined }, lang);
}
