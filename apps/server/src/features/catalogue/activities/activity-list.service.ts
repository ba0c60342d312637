import {
  ACTIVITY_STATUSES,
  compactTranslated,
  courseStoreSchema,
  fillMissingTranslations,
  minorToDecimal,
  pickText,
  safeRecord,
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
const sum = <T extends Record<K, number>, K extends string>(list: readonly T[], key: K) => list.reduce((n, x) => n + x[key], 0);

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
  // Paths come from the input's keys: a null-prototype map, so `constructor` is just a key.
  const fields = safeRecord<string[]>();
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

/** One page of activities with sessions, tickets, type set, location and instructor: one query. */
export async function listCourses(
  db: Db,
  team: { id: number; currency: string; timeZone: string },
  input: CourseListInput,
  lang: Language,
): Promise<{ rows: CourseListItem[]; total: number }> {
  const f = input.columnFilters;
  const query: ActivityListQuery = {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: {
      name: f.name?.trim() || undefined,
      status: (ACTIVITY_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as ActivityStatus) : undefined,
      typeSetId: filterId(f.type_set_id),
      locationId: filterId(f.location_id),
      instructorId: filterId(f.instructor_id),
    },
    lang,
  };
  const rows = await repo.coursePage(db, team.id, query, UPCOMING);
  const zone = team.timeZone;
  const data = rows.map((a): CourseListItem => {
    const own = a.tickets ?? [];
    const upcoming = (a.upcoming ?? []).map((at) => toZonedIso(at, zone));
    let sold = 0;
    let stock = 0;
    for (const t of own) {
      sold += t.sold;
      stock += t.stock;
    }
    const count = (list: typeof own) => (list.length ? { sold: sum(list, 'sold'), stock: sum(list, 'stock') } : null);
    const perDate = own.filter((t) => t.sessionId !== null);
    const nextDate = a.nextSessionId === null ? null : count(perDate.filter((t) => t.sessionId === a.nextSessionId));
    return {
      id: a.id,
      name: a.name,
      name_text: pickText(a.name, lang),
      kind: a.kind,
      type: { id: a.typeSetId, name: pickText(a.typeName, lang) },
      parent: a.parentId,
      location: a.locationId !== null && a.locationName ? { id: a.locationId, name: pickText(a.locationName, lang) } : null,
      instructor: a.instructor ? { id: a.instructor.id, name: `${a.instructor.firstname} ${a.instructor.lastname}`.trim() } : null,
      media: { header_image: a.headerImagePath ? { url: headerImageUrls(a.headerImagePath)!.list_url } : null },
      timetables: upcoming.map((start) => ({ start_date: start })),
      tickets: own.map((t) => ({
        id: t.id,
        name: pickText(t.name, lang),
        price: minorToDecimal(t.priceMinor, t.currency || team.currency),
        currency: t.currency,
        stock: t.stock,
        stock_reserved: t.reserved,
        stock_available: Math.max(0, t.stock - t.sold - t.reserved),
        sale_end: t.saleEnd === null ? null : toZonedIso(t.saleEnd, zone),
      })),
      participants: { paid: sold },
      next_session: upcoming[0] ?? null,
      sold,
      stock,
      seats: {
        course: count(own.filter((t) => t.sessionId === null)),
        per_date: count(perDate),
        next_date: nextDate && upcoming[0] ? { starts_at: upcoming[0], ...nextDate } : null,
      },
      status: a.status,
      created_at: toZonedIso(a.createdAt, zone),
    };
  });
  // An empty page past the end still reports the real total (one more query, only then).
  const total = rows[0]?.total ?? (input.page > 1 ? await repo.courseCount(db, team.id, query) : 0);
  return { rows: data, total };
}
