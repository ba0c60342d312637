import { PLATFORM_TIME_ZONE, type Plan } from '@bookla/shared';
import { zonedParts } from '@bookla/shared/zoned-time';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The platform's days (CONTRACT §6, decision 031): a team's plan changes at the start of a day in
 * the platform's zone, and a sale's fee follows the plan in force on the sale's day there. Shared
 * by the plans feature (which writes the changes) and the checkout (which reads the plan with its
 * settings, in the same statement).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant in the platform's zone. */
export function platformDay(at: Date): string {
  const p = zonedParts(at, PLATFORM_TIME_ZONE);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month after `day`'s (`YYYY-MM-DD`). */
export function firstOfNextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/**
 * The plan in force on `day` for the team whose id is `teamId` (a column or a value): the change
 * with the latest day on or before it; a team without any change is on Pay-As-You-Go.
 */
export function planOnDaySql(teamId: SQLWrapper | number, day: string | Placeholder): SQL<Plan> {
  return sql<Plan>`coalesce((SELECT p.plan FROM team_plan_changes p WHERE p.team_id = ${teamId}
    AND p.effective_from <= ${day}::date ORDER BY p.effective_from DESC LIMIT 1), 'payg')`;
}
