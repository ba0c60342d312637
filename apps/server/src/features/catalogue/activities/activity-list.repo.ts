import type { ActivityKind, ActivityStatus, Language, Translated } from '@bookla/shared';
import { and, asc, count, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { ActivityRow } from './activities.repo.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activityInstructors, locations, typeSets } from '../../../db/schema/index.ts';
import { likePattern, pickedText, preparedName } from '../../../lib/sql.ts';

/** SQL of the activity list and of new activities. Every function takes the team id first. */

export async function insertActivity(
  db: DbOrTx,
  teamId: number,
  values: { typeSetId: number; kind: ActivityKind; name: Translated } & Partial<
    Pick<ActivityRow, 'reservationMinutes' | 'bookingClosesMinutes' | 'cancellationPolicy' | 'waitingList' | 'locationId' | 'capacity'>
  >,
): Promise<ActivityRow> {
  const [row] = await db
    .insert(activities)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export interface ActivityListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'created_at' | 'name' | 'status'; type: 'asc' | 'desc' };
  filters: { name?: string; status?: ActivityStatus; typeSetId?: number; locationId?: number; instructorId?: number };
  lang: Language;
}

/** An instant as epoch milliseconds inside JSON built in SQL (unambiguous for `toZonedIso`). */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export interface ActivityPageRow {
  id: number;
  name: Translated;
  kind: ActivityKind;
  typeSetId: number;
  parentId: number | null;
  locationId: number | null;
  headerImagePath: string | null;
  status: ActivityStatus;
  /** Epoch ms. */
  createdAt: number;
  typeName: Translated | null;
  locationName: Translated | null;
  /** Start of the next scheduled sessions, epoch ms, soonest first. */
  upcoming: number[] | null;
  /** The next scheduled session's id (its per-date tickets are counted apart). */
  nextSessionId: number | null;
  tickets:
    | {
        id: number;
        name: Translated;
        priceMinor: number;
        currency: string;
        stock: number;
        sold: number;
        /** Null: for the whole activity; else the date the ticket is for. */
        sessionId: number | null;
        saleEnd: number | null;
        /** Seats held by unexpired reservations. */
        reserved: number;
      }[]
    | null;
  instructor: { id: number; firstname: string; lastname: string } | null;
  /** Rows matching the filters (all pages). */
  total: number;
}

const param = sql.placeholder;

/** The filters as SQL; `values` decides which are present, their values are placeholders of the prepared statement. */
function activityFilters(db: DbOrTx, q: Pick<ActivityListQuery, 'filters'>): SQL {
  const where: SQL[] = [eq(activities.teamId, param('teamId'))];
  // The name in any of the team's languages matches (issue 9 item 12), not only the UI language's.
  if (q.filters.name)
    where.push(sql`exists (select 1 from jsonb_each_text(${activities.name}) as n(lang, text) where n.text ilike ${param('pattern')})`);
  if (q.filters.status) where.push(eq(activities.status, param('status')));
  if (q.filters.typeSetId) where.push(eq(activities.typeSetId, param('typeSetId')));
  if (q.filters.locationId) where.push(eq(activities.locationId, param('locationId')));
  if (q.filters.instructorId) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(activityInstructors)
          .where(
            and(
              eq(activityInstructors.teamId, param('teamId')),
              eq(activityInstructors.activityId, activities.id),
              eq(activityInstructors.userId, param('instructorId')),
            ),
          ),
      ),
    );
  }
  return and(...where)!;
}

function filterValues(teamId: number, q: ActivityListQuery) {
  const f = q.filters;
  return {
    teamId,
    lang: q.lang,
    pattern: f.name ? likePattern(f.name) : null,
    status: f.status ?? null,
    typeSetId: f.typeSetId ?? null,
    locationId: f.locationId ?? null,
    instructorId: f.instructorId ?? null,
  };
}

/** Which filters are present and how the list is sorted: one prepared statement each. */
function variantOf(q: ActivityListQuery): string {
  const f = q.filters;
  const present = [f.name, f.status, f.typeSetId, f.locationId, f.instructorId].map((v) => (v ? 1 : 0)).join('');
  return `${q.sort.field}_${q.sort.type}_${present}`;
}

function prepareActivityPage(db: DbOrTx, q: ActivityListQuery, name: string) {
  const where = activityFilters(db, q);
  const sortColumn = {
    id: activities.id,
    created_at: activities.createdAt,
    name: pickedText(activities.name, param('lang')),
    status: activities.status,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const teamId = param('teamId');
  const page = db
    .select({
      id: activities.id,
      name: activities.name,
      kind: activities.kind,
      typeSetId: activities.typeSetId,
      parentId: activities.parentId,
      locationId: activities.locationId,
      headerImagePath: activities.headerImagePath,
      status: activities.status,
      createdAt: activities.createdAt,
      sortKey: sql`${sortColumn}`.as('sort_key'),
    })
    .from(activities)
    .where(where)
    .orderBy(dir(sortColumn), dir(activities.id))
    .limit(param('limit'))
    .offset(param('offset'))
    .as('p');
  return db
    .select({
      row: sql<ActivityPageRow>`json_build_object('id', ${page.id}, 'name', ${page.name}, 'kind', ${page.kind}, 'typeSetId', ${page.typeSetId},
        'parentId', ${page.parentId}, 'locationId', ${page.locationId}, 'headerImagePath', ${page.headerImagePath}, 'status', ${page.status},
        'createdAt', ${epochMs(sql`${page.createdAt}`)}, 'typeName', ${typeSets.name}, 'locationName', ${locations.name},
        'upcoming', (SELECT json_agg(u.at ORDER BY u.starts_at, u.id) FROM (
          SELECT ${epochMs(sql`s.starts_at`)} AS at, s.starts_at, s.id FROM activity_sessions s
          WHERE s.activity_id = ${page.id} AND s.team_id = ${teamId} AND s.status = 'scheduled' AND s.starts_at > ${param('now')}::timestamptz
          ORDER BY s.starts_at, s.id LIMIT ${param('upcoming')}) u),
        'nextSessionId', (SELECT s.id FROM activity_sessions s
          WHERE s.activity_id = ${page.id} AND s.team_id = ${teamId} AND s.status = 'scheduled' AND s.starts_at > ${param('now')}::timestamptz
          ORDER BY s.starts_at, s.id LIMIT 1),
        'tickets', (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'priceMinor', t.price_minor,
          'currency', t.currency, 'stock', t.stock, 'sold', t.sold, 'sessionId', t.session_id, 'saleEnd', ${epochMs(sql`t.sale_end`)},
          'reserved', (SELECT coalesce(sum(r.quantity), 0) FROM ticket_reservations r
            WHERE r.ticket_id = t.id AND r.expires_at > ${param('now')}::timestamptz)) ORDER BY t.sort, t.id)
          FROM tickets t WHERE t.activity_id = ${page.id} AND t.team_id = ${teamId}),
        'instructor', (SELECT json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname)
          FROM activity_instructors i JOIN users u ON u.id = i.user_id
          WHERE i.activity_id = ${page.id} AND i.team_id = ${teamId} ORDER BY i.sort, i.user_id LIMIT 1),
        'total', (SELECT count(*) FROM ${activities} WHERE ${where}))`,
    })
    .from(page)
    .leftJoin(typeSets, and(eq(typeSets.id, page.typeSetId), eq(typeSets.teamId, teamId)))
    .leftJoin(locations, and(eq(locations.id, page.locationId), eq(locations.teamId, teamId)))
    .orderBy(dir(page.sortKey), dir(page.id))
    .prepare(preparedName(name));
}

type ActivityPageStatement = ReturnType<typeof prepareActivityPage>;
/** Per database: the prepared page statements by variant (at most 4 sort fields × 2 directions × 32 filter sets). */
const activityPageStatements = new WeakMap<DbOrTx, Map<string, ActivityPageStatement>>();

/**
 * One page of the back-office course list in one statement: the page is chosen on the activities
 * alone (index on team, sort column, id), then only its rows get their type set and location names,
 * the next `upcoming` scheduled dates, the tickets and the first instructor (as JSON, one small
 * index lookup each), and the total of the filtered list (computed once, as an InitPlan). Each row
 * arrives as one JSON object: the driver parses it natively, with no mapping column by column.
 * The statement is built and prepared once per sort and set of filters, then only executed.
 * A page past the end has no row to carry the total: `activityCount` answers that case.
 */
export async function activityPage(
  db: DbOrTx,
  teamId: number,
  q: ActivityListQuery,
  upcoming: number,
  now = new Date(),
): Promise<ActivityPageRow[]> {
  let statements = activityPageStatements.get(db);
  if (!statements) activityPageStatements.set(db, (statements = new Map()));
  const variant = variantOf(q);
  let statement = statements.get(variant);
  if (!statement) statements.set(variant, (statement = prepareActivityPage(db, q, `course_page_${variant}`)));
  const rows = await statement.execute({
    ...filterValues(teamId, q),
    now: now.toISOString(),
    upcoming,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  });
  return rows.map((r) => r.row);
}

/** How many activities match the filters (only needed when the page asked for is past the end). */
export async function activityCount(db: DbOrTx, teamId: number, q: ActivityListQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(activityFilters(db, q))
    .prepare(preparedName(`course_count_${variantOf(q).split('_').pop()}`))
    .execute(filterValues(teamId, q));
  return Number(row?.n ?? 0);
}
