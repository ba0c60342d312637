import {
  ACTIVITY_STATUSES,
  compactTranslated,
  courseStoreSchema,
  fillMissingTranslations,
  minorToDecimal,
  pickText,
  toZonedIso,
  type ActivityKind,
  type ActivityStatus,
  type CourseListItem,
  type CourseStoreBody,
  type Language,
  type Translated,
  type TypeSetItem,
} from '@bookla/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { validationError } from '../../lib/app-error.ts';
import { firstInstructors } from './activities.repo.ts';
import * as repo from './catalogue.repo.ts';
import type { ActivityListQuery } from './catalogue.repo.ts';
import { defaultsForNewActivity } from './defaults.service.ts';
import { headerImageUrls } from './media.service.ts';

/** Type sets and activities (courses and events): defaults, creation, the back-office list. */

const DEFAULT_TYPE_SETS: { name: Translated; kind: ActivityKind; sort: number }[] = [
  { name: { de: 'Kurs', en: 'Course', fr: 'Cours' }, kind: 'course', sort: 1 },
  { name: { de: 'Event', en: 'Event', fr: 'Événement' }, kind: 'event', sort: 2 },
];

/** A new team's type sets; called inside the transaction that creates the team. */
export async function createDefaultTypeSets(tx: DbOrTx, teamId: number): Promise<void> {
  await repo.insertTypeSets(tx, teamId, DEFAULT_TYPE_SETS);
}

/** The team's type sets; teams created before the catalogue get the defaults on first use. */
export async function listTypeSets(db: Db, teamId: number, lang: Language): Promise<TypeSetItem[]> {
  let rows = await repo.listTypeSets(db, teamId);
  if (!rows.length) {
    rows = await db.transaction(async (tx) => {
      await repo.lockTeam(tx, teamId);
      const again = await repo.listTypeSets(tx, teamId);
      if (again.length) return again;
      await createDefaultTypeSets(tx, teamId);
      return repo.listTypeSets(tx, teamId);
    });
  }
  return rows.map((r) => ({ id: r.id, name: pickText(r.name, lang), kind: r.kind }));
}

/** Zod issues (messages already validation keys via the global error map) → 422 fields. */
export function issueFields(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

/** Creates a draft activity of the type set's kind; every team language needs a name. */
export async function storeCourse(db: Db, team: { id: number; languages: Language[] }, body: CourseStoreBody): Promise<number> {
  const parsed = courseStoreSchema(team.languages).safeParse(body);
  const fields = parsed.success ? {} : issueFields(parsed.error);
  const typeSetId = parsed.success ? parsed.data.type_set_id : undefined;
  const typeSet = typeSetId ? await repo.findTypeSet(db, team.id, typeSetId) : undefined;
  if (typeSetId && !typeSet) (fields.type_set_id ??= []).push('catalogue:validation.type_set_not_found');
  if (!parsed.success || !typeSet || Object.keys(fields).length) throw validationError(fields);
  const name = fillMissingTranslations(compactTranslated(parsed.data.name), team.languages);
  const defaults = await defaultsForNewActivity(db, team.id);
  const activity = await repo.insertActivity(db, team.id, { ...defaults, typeSetId: typeSet.id, kind: typeSet.kind, name });
  return activity.id;
}

export interface CourseListInput {
  page: number;
  perPage: number;
  sort: ActivityListQuery['sort'];
  columnFilters: Record<string, string>;
}

const UPCOMING = 3;

/** A filter value naming a record id; anything else means "no filter" (CONTRACT §2: never a 500). */
function filterId(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && /^\d+$/.test(value.trim()) && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** One page of activities, then sessions, tickets, type sets, locations and instructors for it: six queries. */
export async function listCourses(
  db: Db,
  team: { id: number; currency: string; timeZone: string },
  input: CourseListInput,
  lang: Language,
): Promise<{ rows: CourseListItem[]; total: number }> {
  const f = input.columnFilters;
  const filters: ActivityListQuery['filters'] = {
    name: f.name?.trim() || undefined,
    status: (ACTIVITY_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as ActivityStatus) : undefined,
    typeSetId: filterId(f.type_set_id),
    locationId: filterId(f.location_id),
    instructorId: filterId(f.instructor_id),
  };
  const { rows, total } = await repo.listActivities(db, team.id, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters,
    lang,
  });
  const ids = rows.map((r) => r.id);
  const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const [sessions, ticketRows, types, places, instructors] = await Promise.all([
    repo.upcomingSessions(db, team.id, ids, UPCOMING),
    repo.ticketsOf(db, team.id, ids),
    repo.typeSetsByIds(db, team.id, uniq(rows.map((r) => r.typeSetId))),
    repo.locationNamesByIds(db, team.id, uniq(rows.map((r) => r.locationId))),
    firstInstructors(db, team.id, ids),
  ]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const placeById = new Map(places.map((p) => [p.id, p]));
  const instructorOf = new Map(instructors.map((i) => [i.activityId, i]));
  const zoned = (d: Date) => toZonedIso(d, team.timeZone);
  const data = rows.map((a): CourseListItem => {
    const type = typeById.get(a.typeSetId);
    const place = a.locationId ? placeById.get(a.locationId) : undefined;
    const own = ticketRows.filter((t) => t.activityId === a.id);
    const upcoming = sessions.filter((s) => s.activityId === a.id).map((s) => zoned(new Date(s.startsAt)));
    const teacher = instructorOf.get(a.id);
    return {
      id: a.id,
      name: a.name,
      name_text: pickText(a.name, lang),
      kind: a.kind,
      type: { id: a.typeSetId, name: pickText(type?.name, lang) },
      parent: a.parentId,
      location: place ? { id: place.id, name: pickText(place.name, lang) } : null,
      instructor: teacher ? { id: teacher.userId, name: `${teacher.firstname} ${teacher.lastname}`.trim() } : null,
      media: { header_image: a.headerImagePath ? { url: headerImageUrls(a.headerImagePath)!.list_url } : null },
      timetables: upcoming.map((start) => ({ start_date: start })),
      tickets: own.map((t) => ({
        id: t.id,
        name: pickText(t.name, lang),
        price: minorToDecimal(t.priceMinor, t.currency || team.currency),
        currency: t.currency,
        stock: t.stock,
        stock_reserved: 0,
        stock_available: t.stock - t.sold,
        sale_end: t.saleEnd ? zoned(t.saleEnd) : null,
      })),
      participants: { paid: own.reduce((sum, t) => sum + t.sold, 0) },
      next_session: upcoming[0] ?? null,
      sold: own.reduce((sum, t) => sum + t.sold, 0),
      stock: own.reduce((sum, t) => sum + t.stock, 0),
      status: a.status,
      created_at: zoned(a.createdAt),
    };
  });
  return { rows: data, total };
}
