import {
  addDays,
  daysBetween,
  encodeMessage,
  localDateInZone,
  minorToDecimal,
  parseRangeBound,
  safeRecord,
  STATISTICS_MAX_DAYS,
  type DashboardStatistics,
  type SalesStatistics,
  type SalesStatisticsQuery,
  type StatisticsInterval,
  type StatisticsPeriod,
  type StatisticsReport,
  type StatisticsReportQuery,
} from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import * as repo from './statistics.repo.ts';
import type { DayFigures } from './statistics.repo.ts';
import { addFigures, zeroFigures, type RollupTeam, type StatisticsRollup } from './statistics-rollup.ts';

/**
 * The dashboard's figures and charts (spec §2, §3, §7; CONTRACT §3) and the statistics page. What
 * counts as paid, sold and booked is decided in packages/shared/src/statistics.ts and written as
 * SQL once in statistics.repo.ts. The dashboard, the sales chart and the page's time series read
 * the per-day rollup (statistics-rollup.ts); the page's breakdowns query the range directly.
 */

export interface StatisticsDeps {
  db: DbOrTx;
  rollup: StatisticsRollup;
}

export async function dashboardStatistics(deps: StatisticsDeps, team: RollupTeam): Promise<DashboardStatistics> {
  const { totals, courseCount } = await deps.rollup.read(deps.db, team);
  return {
    course_count: courseCount,
    participant_count: totals.participants,
    products_sold_count: totals.products,
    total: minorToDecimal(totals.sales, team.currency),
  };
}

/**
 * The range of a query in the team's zone: defaults spec §9 (start of this month → today); `to`
 * not before `from` and at most STATISTICS_MAX_DAYS of the interval long (422 otherwise).
 */
export function resolveRange(
  timeZone: string,
  query: { from?: string | undefined; to?: string | undefined },
  interval: StatisticsInterval,
  now = new Date(),
): { from: string; to: string } {
  const today = localDateInZone(now, timeZone);
  const from = query.from ?? `${today.slice(0, 8)}01`;
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  if (to < from) throw validationError({ to: ['statistics:validation.to_before_from'] });
  const max = STATISTICS_MAX_DAYS[interval];
  if (daysBetween(from, to) + 1 > max) throw validationError({ to: [encodeMessage('statistics:validation.range_too_long', { max })] });
  return { from, to };
}

/** Every day from `from` to `to`, both included. */
function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export async function salesStatistics(deps: StatisticsDeps, team: RollupTeam, query: SalesStatisticsQuery): Promise<SalesStatistics> {
  const { from, to } = resolveRange(team.timeZone, query, 'day');
  const { days } = await deps.rollup.read(deps.db, team);
  // Keys come from the validated range, not from input; still no prototype to write through.
  const reply = { sales_all: safeRecord<number>(), sales: safeRecord<number>(), order_count: safeRecord<number>() };
  for (const day of eachDay(from, to)) {
    const f = days.get(day);
    reply.sales_all[day] = minorToDecimal(f?.salesAll ?? 0, team.currency);
    reply.sales[day] = minorToDecimal(f?.sales ?? 0, team.currency);
    reply.order_count[day] = f?.orders ?? 0;
  }
  return reply;
}

/** The first day of the bucket a day falls in: itself, its week's Monday, its month's 1st. */
export function bucketOf(day: string, interval: StatisticsInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function nextBucket(bucket: string, interval: StatisticsInterval): string {
  if (interval === 'day') return addDays(bucket, 1);
  if (interval === 'week') return addDays(bucket, 7);
  const [y, m] = [Number(bucket.slice(0, 4)), Number(bucket.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

type Money = (minor: number) => number;

function figuresOf(f: DayFigures, money: Money): Omit<StatisticsPeriod, 'period'> {
  return {
    orders: f.orders,
    participants: f.participants,
    products_sold: f.products,
    sales_all: money(f.salesAll),
    sales: money(f.sales),
    refunds: money(f.refunds),
    discounts: money(f.discounts),
    platform_fees: money(f.fees),
  };
}

/** `/backend/statistics`: totals, the buckets of the range (every one, zeros included), the breakdowns. */
export async function statisticsReport(
  deps: StatisticsDeps,
  team: RollupTeam,
  query: StatisticsReportQuery,
  lang: string,
): Promise<StatisticsReport> {
  const { from, to } = resolveRange(team.timeZone, query, query.interval);
  const money: Money = (minor) => minorToDecimal(minor, team.currency);
  const { days } = await deps.rollup.read(deps.db, team);

  const buckets = new Map<string, DayFigures>();
  for (let b = bucketOf(from, query.interval); b <= to; b = nextBucket(b, query.interval)) buckets.set(b, zeroFigures());
  const totals = zeroFigures();
  for (const [day, f] of days) {
    if (day < from || day > to) continue;
    addFigures(buckets.get(bucketOf(day, query.interval))!, f);
    addFigures(totals, f);
  }

  const range = { from: parseRangeBound(from, team.timeZone, false)!, until: parseRangeBound(to, team.timeZone, true)! };
  const [activities, tickets, paymentTypes, discounts] = await Promise.all([
    repo.byActivity(deps.db, team.id, range, team.currency, lang),
    repo.byTicket(deps.db, team.id, range, team.currency, lang),
    repo.byPaymentType(deps.db, team.id, range, team.currency),
    repo.byDiscount(deps.db, team.id, range, team.currency),
  ]);
  const paidOrders = paymentTypes.filter((p) => p.paymentType !== 'free').reduce((n, p) => n + p.orders, 0);

  return {
    from,
    to,
    interval: query.interval,
    currency: team.currency,
    totals: {
      ...figuresOf(totals, money),
      // Per order that took money (free orders would pull the average towards 0).
      average_order: paidOrders ? money(Math.round(totals.sales / paidOrders)) : 0,
    },
    series: [...buckets].map(([period, f]) => ({ period, ...figuresOf(f, money) })),
    activities: activities.map((a) => ({
      activity_id: a.activityId,
      name: a.name,
      orders: a.orders,
      participants: a.participants,
      participants_booked: a.participantsBooked,
      sales: money(a.salesMinor),
    })),
    tickets: tickets.map((t) => ({
      ticket_id: t.ticketId,
      activity_id: t.activityId,
      activity_name: t.activityName,
      name: t.name,
      participants: t.participants,
      sales: money(t.salesMinor),
    })),
    payment_types: paymentTypes.map((p) => ({ payment_type: p.paymentType, orders: p.orders, sales: money(p.salesMinor) })),
    discounts: discounts.map((d) => ({
      discount_id: d.discountId,
      code: d.code,
      orders: d.orders,
      discount_total: money(d.discountMinor),
      sales: money(d.salesMinor),
    })),
  };
}
