import {
  ACTIVITY_STATUSES,
  compactTranslated,
  activityStoreSchema,
  fillMissingTranslations,
  minorToDecimal,
  pickText,
  toZonedIso,
  type ActivityStatus,
  type ActivityListItem,
  type ActivityStoreBody,
  type Language,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { parseInput, validationError } from '../../../lib/app-error.ts';
import { defaultsForNewActivity, findTypeSet } from '../setup/index.ts';
import * as repo from './activity-list.repo.ts';
import type { ActivityListQuery } from './activity-list.repo.ts';
import { headerImageUrls } from './media.service.ts';

/** Activities (courses and events): creation, the back-office list. */

const sum = <T extends Record<K, number>, K extends string>(list: readonly T[], key: K) => list.reduce((n, x) => n + x[key], 0);

/** Creates a draft activity of the type set's kind; every team language needs a name. */
export async function storeActivity(db: Db, team: { id: number; languages: Language[] }, body: ActivityStoreBody): Promise<number> {
  const input = parseInput(activityStoreSchema(team.languages), body);
  const typeSet = await findTypeSet(db, team.id, input.type_set_id);
  if (!typeSet) throw validationError({ type_set_id: ['catalogue:validation.type_set_not_found'] });
  const name = fillMissingTranslations(compactTranslated(input.name), team.languages);
  const defaults = await defaultsForNewActivity(db, team.id);
  const activity = await repo.insertActivity(db, team.id, { ...defaults, typeSetId: typeSet.id, kind: typeSet.kind, name });
  return activity.id;
}

export interface ActivityListInput {
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
export async function listActivities(
  db: Db,
  team: { id: number; currency: string; timeZone: string },
  input: ActivityListInput,
  lang: Language,
): Promise<{ rows: ActivityListItem[]; total: number }> {
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
  const rows = await repo.activityPage(db, team.id, query, UPCOMING);
  const zone = team.timeZone;
  const data = rows.map((a): ActivityListItem => {
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
  const total = rows[0]?.total ?? (input.page > 1 ? await repo.activityCount(db, team.id, query) : 0);
  return { rows: data, total };
}
