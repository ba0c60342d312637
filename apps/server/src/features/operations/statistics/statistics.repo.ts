import { isLocalDate, parseRangeBound } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { pickedText } from '../../../lib/sql.ts';

/**
 * SQL of the statistics. Every function takes the team id first. What counts is decided once, in
 * the predicates below (see packages/shared/src/statistics.ts for the why):
 *
 * - COUNTED: paid (with `paid_at`; spec §4 shows `paid` without it as "Unpaid"), partially
 *   refunded or free — their orders, participants and products count.
 * - MONEY: the counted orders that took money (not free); they bring `total − refunded`.
 * - BOOKED: every order that is, was or may still be a sale (`sales_all`): counted, fully
 *   refunded, or unpaid and still waiting; not the ones that ended unpaid.
 *
 * Money figures only add orders in the team's currency (`cur`): orders keep the currency they were
 * placed in, and amounts in two currencies cannot be summed.
 */

// Test-mode orders (no real money, issue 20) count nowhere: not as sales, participants, products or fees.
const COUNTED = sql.raw(
  `(NOT o.is_test AND (o.payment_status IN ('free', 'partially-refunded') OR (o.payment_status = 'paid' AND o.paid_at IS NOT NULL)))`,
);
const MONEY = sql.raw(
  `(NOT o.is_test AND (o.payment_status = 'partially-refunded' OR (o.payment_status = 'paid' AND o.paid_at IS NOT NULL)))`,
);
const BOOKED = sql.raw(`(NOT o.is_test AND o.payment_status IN ('paid', 'free', 'partially-refunded', 'refunded', 'waiting'))`);
/** Orders whose people hold their seats: counted, or unpaid and still waiting (issue 22 item 12: "booked" participants). */
const HOLDING = sql.raw(`(NOT o.is_test AND o.payment_status IN ('paid', 'free', 'partially-refunded', 'waiting'))`);

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const int = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** One day's figures (money in minor units of the team's currency). */
export interface DayFigures {
  salesAll: number;
  sales: number;
  refunds: number;
  discounts: number;
  fees: number;
  orders: number;
  participants: number;
  products: number;
}

/** What a dashboard read checks first: the database's clock, the course count, what changed since `since`. */
export interface Probe {
  now: Date;
  courseCount: number;
  /** Days (team zone) of orders created or changed after `since`; empty without `since`. */
  changedDays: string[];
}

/**
 * One round trip, index-only: `orders_team_updated_idx` finds the orders changed after `since`
 * (a few, normally) and gives their creation day; the activity count reads the team's index.
 */
export async function probe(db: DbOrTx, teamId: number, timeZone: string, since: Date | null): Promise<Probe> {
  const changed = since
    ? sql`(SELECT string_agg(DISTINCT to_char(o.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD'), ',')
           FROM orders o WHERE o.team_id = ${teamId} AND o.updated_at > ${since.toISOString()}::timestamptz)`
    : sql`NULL::text`;
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT now() AS now, (SELECT count(*) FROM activities a WHERE a.team_id = ${teamId}) AS courses, ${changed} AS changed`,
    ),
  );
  const list = row?.changed ? String(row.changed) : '';
  return { now: toDate(row!.now), courseCount: int(row!.courses), changedDays: list ? list.split(',') : [] };
}

/**
 * The figures per day (team zone) of every day with orders, or only of the given days. Participants
 * and products are counted per counted order through their order index (a scalar subquery that
 * only runs for counted orders). Days are matched as index ranges on (team_id, created_at).
 */
export async function dailyFigures(
  db: DbOrTx,
  teamId: number,
  timeZone: string,
  currency: string,
  days?: readonly string[],
): Promise<Map<string, DayFigures>> {
  const out = new Map<string, DayFigures>();
  days = days?.filter(isLocalDate);
  if (days && !days.length) return out;
  // Each day as its own index range (a BitmapOr of range scans), bounds computed for the zone.
  const dayRanges = days
    ? sql`AND (${sql.join(
        days.map((day) => {
          const from = parseRangeBound(day, timeZone, false)!.toISOString();
          const until = parseRangeBound(day, timeZone, true)!.toISOString();
          return sql`(o.created_at >= ${from}::timestamptz AND o.created_at < ${until}::timestamptz)`;
        }),
        sql` OR `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    SELECT o.day,
      coalesce(sum(o.total_minor) FILTER (WHERE o.booked AND o.currency = ${currency}), 0)::bigint AS sales_all,
      coalesce(sum(o.total_minor - o.refunded_minor) FILTER (WHERE o.money AND o.currency = ${currency}), 0)::bigint AS sales,
      coalesce(sum(o.refunded_minor) FILTER (WHERE o.currency = ${currency}), 0)::bigint AS refunds,
      coalesce(sum(o.discount_total_minor) FILTER (WHERE o.counted AND o.currency = ${currency}), 0)::bigint AS discounts,
      coalesce(sum(o.platform_fee_minor) FILTER (WHERE o.money AND o.currency = ${currency}), 0)::bigint AS fees,
      count(*) FILTER (WHERE o.counted)::bigint AS orders,
      coalesce(sum(o.participants), 0)::bigint AS participants,
      coalesce(sum(o.products), 0)::bigint AS products
    FROM (
      SELECT to_char(o.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, o.currency, o.total_minor, o.refunded_minor,
        o.discount_total_minor, o.platform_fee_minor, ${COUNTED} AS counted, ${MONEY} AS money, ${BOOKED} AS booked,
        CASE WHEN ${COUNTED} THEN (SELECT count(*) FROM order_participants p WHERE p.order_id = o.id) END AS participants,
        CASE WHEN ${COUNTED} THEN (SELECT sum(x.quantity) FROM order_products x WHERE x.order_id = o.id) END AS products
      FROM orders o
      WHERE o.team_id = ${teamId} AND NOT o.is_test ${dayRanges}
    ) o
    GROUP BY o.day`);
  for (const r of rowsOf(result))
    out.set(String(r.day), {
      salesAll: int(r.sales_all),
      sales: int(r.sales),
      refunds: int(r.refunds),
      discounts: int(r.discounts),
      fees: int(r.fees),
      orders: int(r.orders),
      participants: int(r.participants),
      products: int(r.products),
    });
  return out;
}

/** A range of instants: the first day's start to the start of the day after the last (team zone). */
export interface InstantRange {
  from: Date;
  until: Date;
}

/** Counted orders of the range, joined to their ticket lines (`i`). */
function countedLines(teamId: number, range: InstantRange): SQL {
  return sql`FROM order_items i JOIN orders o ON o.id = i.order_id AND o.team_id = ${teamId}
    WHERE i.team_id = ${teamId} AND ${COUNTED}
      AND o.created_at >= ${range.from.toISOString()}::timestamptz AND o.created_at < ${range.until.toISOString()}::timestamptz`;
}

const lineParticipants = sql`(SELECT count(*) FROM order_participants p WHERE p.order_id = i.order_id AND p.order_item_id = i.id)`;

export interface ActivityFigures {
  activityId: number | null;
  name: string;
  orders: number;
  participants: number;
  /** Participants of counted orders plus those of unpaid orders still holding their seats. */
  participantsBooked: number;
  salesMinor: number;
}

/**
 * Per activity: counted orders, their participants and line totals (after discount, before
 * refunds), and the participants booked (unpaid orders still holding seats too).
 */
export async function byActivity(
  db: DbOrTx,
  teamId: number,
  range: InstantRange,
  currency: string,
  lang: string,
): Promise<ActivityFigures[]> {
  const result = await db.execute(sql`
    WITH g AS (
      SELECT i.activity_id, (array_agg(i.activity_name ORDER BY i.id DESC))[1] AS sold_name,
        count(DISTINCT i.order_id) FILTER (WHERE ${COUNTED}) AS orders,
        coalesce(sum(${lineParticipants}) FILTER (WHERE ${COUNTED}), 0) AS participants,
        sum(${lineParticipants}) AS participants_booked,
        coalesce(sum(i.total_minor) FILTER (WHERE ${MONEY} AND o.currency = ${currency}), 0) AS sales
      FROM order_items i JOIN orders o ON o.id = i.order_id AND o.team_id = ${teamId}
      WHERE i.team_id = ${teamId} AND ${HOLDING} AND ${inRange(range)}
      GROUP BY i.activity_id
    )
    SELECT g.activity_id, ${pickedText(sql`coalesce(a.name, g.sold_name)`, lang)} AS name, g.orders, g.participants,
      g.participants_booked, g.sales
    FROM g LEFT JOIN activities a ON a.id = g.activity_id AND a.team_id = ${teamId}
    ORDER BY g.sales DESC, g.participants DESC, name, g.activity_id`);
  return rowsOf(result).map((r) => ({
    activityId: idOrNull(r.activity_id),
    name: String(r.name),
    orders: int(r.orders),
    participants: int(r.participants),
    participantsBooked: int(r.participants_booked),
    salesMinor: int(r.sales),
  }));
}

export interface TicketFigures {
  ticketId: number | null;
  activityId: number | null;
  activityName: string;
  name: string;
  participants: number;
  salesMinor: number;
}

/** Per ticket (with its activity): participants and line totals of counted orders. */
export async function byTicket(db: DbOrTx, teamId: number, range: InstantRange, currency: string, lang: string): Promise<TicketFigures[]> {
  const result = await db.execute(sql`
    WITH g AS (
      SELECT i.ticket_id, i.activity_id, (array_agg(i.ticket_name ORDER BY i.id DESC))[1] AS sold_name,
        (array_agg(i.activity_name ORDER BY i.id DESC))[1] AS sold_activity,
        sum(${lineParticipants}) AS participants,
        coalesce(sum(i.total_minor) FILTER (WHERE ${MONEY} AND o.currency = ${currency}), 0) AS sales
      ${countedLines(teamId, range)}
      GROUP BY i.ticket_id, i.activity_id
    )
    SELECT g.ticket_id, g.activity_id, ${pickedText(sql`coalesce(t.name, g.sold_name)`, lang)} AS name,
      ${pickedText(sql`coalesce(a.name, g.sold_activity)`, lang)} AS activity_name, g.participants, g.sales
    FROM g LEFT JOIN tickets t ON t.id = g.ticket_id AND t.team_id = ${teamId}
      LEFT JOIN activities a ON a.id = g.activity_id AND a.team_id = ${teamId}
    ORDER BY g.sales DESC, g.participants DESC, activity_name, name, g.ticket_id`);
  return rowsOf(result).map((r) => ({
    ticketId: idOrNull(r.ticket_id),
    activityId: idOrNull(r.activity_id),
    activityName: String(r.activity_name),
    name: String(r.name),
    participants: int(r.participants),
    salesMinor: int(r.sales),
  }));
}

const inRange = (range: InstantRange) =>
  sql`o.created_at >= ${range.from.toISOString()}::timestamptz AND o.created_at < ${range.until.toISOString()}::timestamptz`;

export interface PaymentTypeFigures {
  paymentType: string;
  orders: number;
  salesMinor: number;
}

/** Per payment type: counted orders and the money they kept. */
export async function byPaymentType(db: DbOrTx, teamId: number, range: InstantRange, currency: string): Promise<PaymentTypeFigures[]> {
  const result = await db.execute(sql`
    SELECT o.payment_type, count(*) AS orders,
      coalesce(sum(o.total_minor - o.refunded_minor) FILTER (WHERE ${MONEY} AND o.currency = ${currency}), 0) AS sales
    FROM orders o WHERE o.team_id = ${teamId} AND ${COUNTED} AND ${inRange(range)}
    GROUP BY o.payment_type ORDER BY sales DESC, orders DESC, o.payment_type`);
  return rowsOf(result).map((r) => ({ paymentType: String(r.payment_type), orders: int(r.orders), salesMinor: int(r.sales) }));
}

export interface DiscountFigures {
  discountId: number | null;
  code: string;
  orders: number;
  discountMinor: number;
  salesMinor: number;
}

/** Per discount code used by counted orders: uses, the discount granted, the money kept. */
export async function byDiscount(db: DbOrTx, teamId: number, range: InstantRange, currency: string): Promise<DiscountFigures[]> {
  const result = await db.execute(sql`
    SELECT o.discount_id, coalesce(d.code, (array_agg(o.discount_code ORDER BY o.id DESC))[1], '') AS code, count(*) AS orders,
      coalesce(sum(o.discount_total_minor) FILTER (WHERE o.currency = ${currency}), 0) AS discount,
      coalesce(sum(o.total_minor - o.refunded_minor) FILTER (WHERE ${MONEY} AND o.currency = ${currency}), 0) AS sales
    FROM orders o LEFT JOIN discounts d ON d.id = o.discount_id AND d.team_id = ${teamId}
    WHERE o.team_id = ${teamId} AND ${COUNTED} AND ${inRange(range)} AND (o.discount_id IS NOT NULL OR o.discount_code IS NOT NULL)
    GROUP BY o.discount_id, d.code, CASE WHEN o.discount_id IS NULL THEN lower(o.discount_code) END
    ORDER BY orders DESC, discount DESC, code`);
  return rowsOf(result).map((r) => ({
    discountId: idOrNull(r.discount_id),
    code: String(r.code),
    orders: int(r.orders),
    discountMinor: int(r.discount),
    salesMinor: int(r.sales),
  }));
}
