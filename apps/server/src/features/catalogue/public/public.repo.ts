import type { AttributeType, BookingScope, ChoiceOption, FieldCondition, FieldType, Translated } from '@bookla/shared';
import { and, asc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, locations, teams, tickets, typeSets } from '../../../db/schema/index.ts';
import { availableWithinCapacitySql } from '../tickets/index.ts';
import { preparedName } from '../../../lib/sql.ts';

/**
 * SQL of the public read model. A page costs two queries whatever its size: the team, then the
 * activities with their total, upcoming dates, tickets (with live stock), products, booking
 * fields and attribute values.
 * Indexes used: activities_team_status_next_idx, activity_sessions_activity_starts_idx,
 * tickets_activity_idx, ticket_reservations_ticket_idx, activity_attribute_values_pkey,
 * activity_products_pkey, type_set_fields_pkey, activity_fields_pkey.
 *
 * The next date of an activity comes from activities.next_session_at, which a trigger on
 * activity_sessions keeps equal to the first scheduled date after the moment of the change. That
 * value is exact for any later instant it is still ahead of: no date lay between that moment and it,
 * and any new date would have renewed it. So a stored value after `from` is the next date, a
 * stored null means none; only a value that time has overtaken (≤ `from`) is computed live, for
 * the few rows refreshStaleNextSessions() has not renewed yet.
 */

const param = sql.placeholder;

/** Per database: prepared statements by name (built once, then only executed). */
const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

function prepared<T>(db: DbOrTx, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
}

export async function findTeam(db: DbOrTx, teamId: number) {
  const statement = prepared(db, 'public_team', () =>
    db
      .select({ id: teams.id, currency: teams.currency, timeZone: teams.timeZone })
      .from(teams)
      .where(eq(teams.id, param('teamId')))
      .prepare(preparedName('public_team')),
  );
  const [row] = await statement.execute({ teamId });
  return row;
}

export interface PublicPageQuery {
  page: number;
  perPage: number;
  typeSetId?: number | undefined;
  locationId?: number | undefined;
  /** Sessions counted as upcoming: after `from` (at least now) and before `to`. */
  from: Date;
  to: Date | null;
  /** One activity (the detail view): shown even without an upcoming session. */
  activityId?: number;
  /** Attribute filters (`attr[<id>]=<value>`): every one must match a value of the activity. */
  attributes?: readonly { id: number; value: string }[];
}

/** Larger than any team's activity count; only there to fence the subquery (see activityPage). */
const FENCE = 1_000_000_000;
/** Spelled out: drizzle leaves columns unqualified in a one-table select list, where "id" would mean s.id. */
const ACTIVITY_ID = sql`${sql.identifier('activities')}.${sql.identifier('id')}`;

/** Sessions of the window; `from` and `to` are placeholders of the prepared statement. */
function upcoming(q: PublicPageQuery): SQL {
  const from = sql`s.starts_at > ${param('from')}::timestamptz`;
  return q.to ? sql`${from} AND s.starts_at < ${param('to')}::timestamptz` : from;
}

/**
 * The activity's first scheduled date in the window: the stored next date when it is still ahead
 * of `from` (cut off at `to`), null when none is stored, else (stale) the live minimum.
 */
function nextSessionSql(q: PublicPageQuery): SQL<Date | null> {
  const stored = sql`${activities.nextSessionAt}`;
  const inWindow = q.to ? sql`CASE WHEN ${stored} < ${param('to')}::timestamptz THEN ${stored} END` : stored;
  return sql<Date | null>`CASE WHEN ${stored} IS NULL THEN NULL
    WHEN ${stored} > ${param('from')}::timestamptz THEN ${inWindow}
    ELSE (SELECT min(s.starts_at) FROM activity_sessions s
      WHERE s.activity_id = ${ACTIVITY_ID} AND s.status = 'scheduled' AND ${upcoming(q)}) END`;
}

/** Which filters are present: one prepared statement each. */
function variantOf(q: PublicPageQuery): string {
  return (
    [q.typeSetId, q.locationId, q.activityId, q.to].map((v) => (v ? 1 : 0)).join('') +
    (q.attributes?.length ? `_a${q.attributes.length}` : '')
  );
}

/**
 * The name a statement is prepared under in PostgreSQL. With attribute filters: none (an unnamed
 * statement, planned for its values each time). A named one gets a generic plan after five runs,
 * and for these filters that plan joins the attribute's values to a scan of the team's activities
 * per value (half a second at 5,000 activities, against ~10 ms planned with the values).
 */
function statementName(q: PublicPageQuery, name: string): string {
  return q.attributes?.length ? '' : name;
}

/**
 * The activity has a value of attribute `attrN` matching `attrNValue`: a select's or text's
 * value, one of a multiselect's values, a number as written (`12.5`), a date (`2026-05-01`), or a
 * boolean as `1`/`0` (`attrNBool` carries `true`/`false`).
 */
function attributeMatchSql(n: number): SQL {
  const value = sql`${param(`attr${n}Value`)}::text`;
  return sql`EXISTS (SELECT 1 FROM activity_attribute_values v WHERE v.activity_id = ${ACTIVITY_ID}
    AND v.team_id = ${param('teamId')} AND v.attribute_id = ${param(`attr${n}`)}::int
    AND (CASE WHEN jsonb_typeof(v.value) = 'boolean' THEN v.value #>> '{}' = ${param(`attr${n}Bool`)}::text
      ELSE (v.value #>> '{}' = ${value} OR v.value @> to_jsonb(${value})) END))`;
}

function whereOf(q: PublicPageQuery): SQL {
  const where: SQL[] = [eq(activities.teamId, param('teamId')), eq(activities.status, 'published')];
  // No stored next date: no upcoming date at all (the detail shows the activity anyway).
  if (!q.activityId) where.push(isNotNull(activities.nextSessionAt));
  if (q.typeSetId) where.push(eq(activities.typeSetId, param('typeSetId')));
  if (q.locationId) where.push(eq(activities.locationId, param('locationId')));
  if (q.activityId) where.push(eq(activities.id, param('activityId')));
  (q.attributes ?? []).forEach((_, n) => where.push(attributeMatchSql(n)));
  return and(...where)!;
}

const BOOLEAN_FILTER: Record<string, string> = { '1': 'true', '0': 'false', true: 'true', false: 'false' };

function valuesOf(teamId: number, q: PublicPageQuery) {
  const attributes: Record<string, number | string> = {};
  (q.attributes ?? []).forEach((a, n) => {
    attributes[`attr${n}`] = a.id;
    attributes[`attr${n}Value`] = a.value;
    attributes[`attr${n}Bool`] = BOOLEAN_FILTER[a.value] ?? a.value;
  });
  return {
    teamId,
    typeSetId: q.typeSetId ?? null,
    locationId: q.locationId ?? null,
    activityId: q.activityId ?? null,
    from: q.from.toISOString(),
    to: q.to?.toISOString() ?? null,
    ...attributes,
  };
}

/** An instant as epoch milliseconds inside JSON built in SQL (unambiguous for `toZonedIso`). */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export interface PublicSessionJson {
  id: number;
  startsAt: number;
  endsAt: number;
  note: Translated;
}

export interface PublicTicketJson {
  id: number;
  sessionId: number | null;
  name: Translated;
  description: Translated;
  priceMinor: number;
  currency: string;
  taxRateBp: number;
  minPerOrder: number;
  maxPerOrder: number | null;
  saleEnd: number | null;
  available: number;
}

export interface PublicProductJson {
  id: number;
  name: Translated;
  description: Translated;
  priceMinor: number;
  currency: string;
  taxRateBp: number;
  scope: BookingScope;
  minPerOrder: number;
  maxPerOrder: number | null;
  /** Null: unlimited stock. */
  available: number | null;
  ticketIds: number[];
}

export interface PublicFieldJson {
  id: number;
  type: FieldType;
  label: Translated;
  help: Translated;
  options: ChoiceOption[];
  scope: BookingScope;
  required: boolean;
  visibleIf: FieldCondition | null;
}

export interface PublicAttributeJson {
  attributeId: number;
  type: AttributeType;
  label: Translated;
  options: ChoiceOption[];
  value: unknown;
}

/**
 * The first `limit` upcoming scheduled dates of the activity `activityId` names, as a JSON array
 * (null when none), soonest first.
 */
function sessionsJson(activityId: SQL, teamId: SQL, q: PublicPageQuery, limit: SQL): SQL<PublicSessionJson[] | null> {
  return sql<PublicSessionJson[] | null>`(SELECT json_agg(json_build_object('id', x.id, 'startsAt', ${epochMs(sql`x.starts_at`)},
      'endsAt', ${epochMs(sql`x.ends_at`)}, 'note', x.note) ORDER BY x.starts_at, x.id)
    FROM (SELECT s.id, s.starts_at, s.ends_at, s.note FROM activity_sessions s
      WHERE s.activity_id = ${activityId} AND s.team_id = ${teamId} AND s.status = 'scheduled' AND ${upcoming(q)}
      ORDER BY s.starts_at, s.id LIMIT ${limit}) x)`;
}

/**
 * Public tickets on sale now, with live availability, as a JSON array (null when none); a
 * per-date ticket only while its date is scheduled and still ahead.
 */
function ticketsJson(activityId: SQL, teamId: SQL): SQL<PublicTicketJson[] | null> {
  // What a checkout could take: the ticket's stock within the activity's capacity (an alias, so
  // the outer query's activities row stays the one `activityId` names).
  const ticketAvailable = availableWithinCapacitySql(
    sql`(SELECT ca.capacity FROM activities ca WHERE ca.id = ${tickets.activityId})`,
    sql`${tickets.activityId}`,
  );
  return sql<PublicTicketJson[] | null>`(SELECT json_agg(json_build_object('id', ${tickets.id}, 'sessionId', ${tickets.sessionId},
      'name', ${tickets.name}, 'description', ${tickets.description}, 'priceMinor', ${tickets.priceMinor}, 'currency', ${tickets.currency},
      'taxRateBp', ${tickets.taxRateBp}, 'minPerOrder', ${tickets.minPerOrder}, 'maxPerOrder', ${tickets.maxPerOrder},
      'saleEnd', ${epochMs(sql`${tickets.saleEnd}`)}, 'available', ${ticketAvailable}) ORDER BY ${tickets.sort}, ${tickets.id})
    FROM ${tickets} LEFT JOIN activity_sessions ts ON ts.id = ${tickets.sessionId}
    WHERE ${tickets.activityId} = ${activityId} AND ${tickets.teamId} = ${teamId} AND ${tickets.visibility} = 'public'
      AND (${tickets.saleStart} IS NULL OR ${tickets.saleStart} <= now())
      AND (${tickets.saleEnd} IS NULL OR ${tickets.saleEnd} > now())
      AND (${tickets.sessionId} IS NULL OR (ts.status = 'scheduled' AND ts.starts_at > now())))`;
}

/**
 * Active products offered with the activity, with what is left of their stock (null: unlimited),
 * as a JSON array in the activity's order (null when none).
 */
function productsJson(activityId: SQL, teamId: SQL): SQL<PublicProductJson[] | null> {
  return sql<PublicProductJson[] | null>`(SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'description', p.description,
      'priceMinor', p.price_minor, 'currency', p.currency, 'taxRateBp', p.tax_rate_bp, 'scope', p.scope,
      'minPerOrder', p.min_per_order, 'maxPerOrder', p.max_per_order,
      'available', CASE WHEN p.stock IS NULL THEN NULL ELSE greatest(p.stock - p.sold, 0) END,
      'ticketIds', ap.ticket_ids) ORDER BY ap.sort, p.sort, p.id)
    FROM activity_products ap JOIN products p ON p.id = ap.product_id AND p.team_id = ${teamId}
    WHERE ap.activity_id = ${activityId} AND ap.team_id = ${teamId} AND p.active)`;
}

/**
 * The booking fields asked when booking the activity: its type set's in their order, then its own
 * extra ones in theirs, as a JSON array (null when none). A field in both comes twice here; the
 * service keeps the first (as part of the type set, like the back office shows it).
 */
function fieldsJson(activityId: SQL, typeSetId: SQL, teamId: SQL): SQL<PublicFieldJson[] | null> {
  return sql<PublicFieldJson[] | null>`(SELECT json_agg(json_build_object('id', f.id, 'type', f.type, 'label', f.label, 'help', f.help,
      'options', f.options, 'scope', f.scope, 'required', f.required, 'visibleIf', f.visible_if) ORDER BY x.part, x.sort, f.id)
    FROM (SELECT tf.field_id, 0 AS part, tf.sort FROM type_set_fields tf WHERE tf.type_set_id = ${typeSetId} AND tf.team_id = ${teamId}
      UNION ALL SELECT af.field_id, 1 AS part, af.sort FROM activity_fields af WHERE af.activity_id = ${activityId} AND af.team_id = ${teamId}) x
    JOIN booking_fields f ON f.id = x.field_id AND f.team_id = ${teamId})`;
}

/** The activity's attribute values with their attribute, as a JSON array (null when none). */
function attributesJson(activityId: SQL, teamId: SQL): SQL<PublicAttributeJson[] | null> {
  return sql<PublicAttributeJson[] | null>`(SELECT json_agg(json_build_object('attributeId', at.id, 'type', at.type, 'label', at.label,
      'options', at.options, 'value', v.value) ORDER BY at.sort, at.id)
    FROM activity_attribute_values v JOIN attributes at ON at.id = v.attribute_id
    WHERE v.activity_id = ${activityId} AND v.team_id = ${teamId})`;
}

/**
 * Published activities, soonest next date first, with the total in the same query. The page is
 * chosen on narrow rows (id, next date) first and only its rows are joined to the wide ones and get
 * their dates, tickets and attribute values (as JSON, a few index lookups each).
 * A LIMIT on the candidates keeps PostgreSQL from pulling the subquery up and copying the
 * next-date expression into WHERE, window and sort, where it would run more than once per activity.
 */
function prepareActivityPage(db: DbOrTx, q: PublicPageQuery, name: string) {
  const teamId = sql`${param('teamId')}`;
  const candidates = db
    .select({
      id: activities.id,
      nextAt: nextSessionSql(q).as('next_at'),
    })
    .from(activities)
    .where(whereOf(q))
    .limit(FENCE)
    .as('candidates');
  const page = db
    .select({ id: candidates.id, nextAt: candidates.nextAt, total: sql<number>`count(*) over ()`.as('total') })
    .from(candidates)
    .where(q.activityId ? undefined : isNotNull(candidates.nextAt))
    .orderBy(sql`${candidates.nextAt} ASC NULLS LAST`, asc(candidates.id))
    .limit(param('limit'))
    .offset(param('offset'))
    .as('page');
  const id = sql`${page.id}`;
  return db
    .select({
      id: activities.id,
      kind: activities.kind,
      name: activities.name,
      description: activities.description,
      typeSetId: activities.typeSetId,
      headerImagePath: activities.headerImagePath,
      bookingOpensAt: activities.bookingOpensAt,
      // Sign-up is possible only with the team's waiting-list feature on as well.
      waitingList: sql<boolean>`(${activities.waitingList} AND coalesce((SELECT (wt.features->>'waiting_list')::boolean FROM teams wt
        WHERE wt.id = ${activities.teamId}), true))`,
      cancellationPolicy: activities.cancellationPolicy,
      typeName: typeSets.name,
      location: {
        id: locations.id,
        name: locations.name,
        address: locations.address,
        postalCode: locations.postalCode,
        city: locations.city,
        country: locations.country,
      },
      nextAt: sql<Date | null>`${page.nextAt}`.mapWith(activitySessions.startsAt),
      total: sql<number>`${page.total}`.mapWith(Number),
      sessions: sessionsJson(id, teamId, q, sql`${param('sessionLimit')}`),
      tickets: ticketsJson(id, teamId),
      products: productsJson(id, teamId),
      bookingFields: fieldsJson(id, sql`${sql.identifier('activities')}.${sql.identifier('type_set_id')}`, teamId),
      attributes: attributesJson(id, teamId),
    })
    .from(page)
    .innerJoin(activities, eq(activities.id, page.id))
    .innerJoin(typeSets, eq(typeSets.id, activities.typeSetId))
    .leftJoin(locations, and(eq(locations.id, activities.locationId), eq(locations.teamId, param('teamId'))))
    .orderBy(sql`${page.nextAt} ASC NULLS LAST`, asc(page.id))
    .prepare(preparedName(statementName(q, name)));
}

/**
 * Published activities, soonest next date first, with the total in the same query. The page is
 * chosen on narrow rows (id, next date) first and only its rows are joined to the wide ones and get
 * their dates, tickets and attribute values (as JSON, a few index lookups each).
 * A LIMIT on the candidates keeps PostgreSQL from pulling the subquery up and copying the
 * next-date expression into WHERE, window and sort, where it would run more than once per activity.
 * The statement is built and prepared once per set of filters, then only executed.
 */
export async function activityPage(db: DbOrTx, teamId: number, q: PublicPageQuery, sessionLimit: number) {
  const name = `public_page_${variantOf(q)}`;
  const statement = prepared(db, name, () => prepareActivityPage(db, q, name));
  return statement.execute({ ...valuesOf(teamId, q), sessionLimit, limit: q.perPage, offset: (q.page - 1) * q.perPage });
}

/** How many activities the list has (only needed when the page asked for is past the end). */
export async function activityCount(db: DbOrTx, teamId: number, q: PublicPageQuery): Promise<number> {
  const name = `public_count_${variantOf(q)}`;
  const statement = prepared(db, name, () =>
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(activities)
      .where(
        and(
          whereOf(q),
          sql`EXISTS (SELECT 1 FROM activity_sessions s WHERE s.activity_id = ${ACTIVITY_ID} AND s.status = 'scheduled' AND ${upcoming(q)})`,
        ),
      )
      .prepare(preparedName(statementName(q, name))),
  );
  const [row] = await statement.execute(valuesOf(teamId, q));
  return row?.n ?? 0;
}

/**
 * Renews stored next dates that time has overtaken (all teams), so reads rarely compute one live.
 * Returns how many activities changed.
 */
export async function refreshStaleNextSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(activities)
    .set({
      nextSessionAt: sql`(SELECT min(s.starts_at) FROM activity_sessions s
        WHERE s.activity_id = ${ACTIVITY_ID} AND s.status = 'scheduled' AND s.starts_at > now())`,
    })
    .where(lte(activities.nextSessionAt, sql`now()`))
    .returning({ id: activities.id });
  return rows.length;
}

// ─── Shop filters ───────────────────────────────────────────────────────────

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Activities the public list shows (published, with a stored next date), as `a`. */
const listedActivity = (teamId: number) => sql`a.team_id = ${teamId} AND a.status = 'published' AND a.next_session_at IS NOT NULL`;

export interface FilterAttributeRow {
  id: number;
  type: AttributeType;
  label: Translated;
  options: ChoiceOption[];
  /** The distinct values listed activities have (a multiselect's one by one; booleans `true`/`false`). */
  values: string[];
}

/**
 * What the shop's filters can offer: the type sets and locations of listed activities, and the
 * filterable attributes with the values listed activities have. Three queries, whatever the size.
 */
export async function filterOptions(db: DbOrTx, teamId: number) {
  const [typeSetRows, locationRows, attributeRows] = await Promise.all([
    db.execute(sql`SELECT ts.id, ts.name FROM type_sets ts
      WHERE ts.team_id = ${teamId} AND EXISTS (SELECT 1 FROM activities a WHERE a.type_set_id = ts.id AND ${listedActivity(teamId)})
      ORDER BY ts.sort, ts.id`),
    db.execute(sql`SELECT l.id, l.name, l.city FROM locations l
      WHERE l.team_id = ${teamId} AND EXISTS (SELECT 1 FROM activities a WHERE a.location_id = l.id AND ${listedActivity(teamId)})
      ORDER BY l.city, l.id`),
    db.execute(sql`SELECT at.id, at.type, at.label, at.options, used.vals AS values FROM attributes at
      JOIN LATERAL (SELECT array_agg(DISTINCT e.val ORDER BY e.val) AS vals
        FROM activity_attribute_values v
        JOIN activities a ON a.id = v.activity_id AND ${listedActivity(teamId)}
        CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(v.value) = 'array' THEN v.value ELSE jsonb_build_array(v.value) END) AS e(val)
        WHERE v.attribute_id = at.id AND v.team_id = ${teamId}) used ON used.vals IS NOT NULL
      WHERE at.team_id = ${teamId} AND at.filterable
      ORDER BY at.sort, at.id`),
  ]);
  return {
    typeSets: rowsOf<{ id: number; name: Translated }>(typeSetRows),
    locations: rowsOf<{ id: number; name: Translated; city: string }>(locationRows),
    attributes: rowsOf<FilterAttributeRow>(attributeRows),
  };
}
