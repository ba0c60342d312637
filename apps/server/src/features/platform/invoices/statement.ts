import {
  PLAN_MONTHLY_FEE_MINOR,
  PLATFORM_TIME_ZONE,
  PLATFORM_VAT_RATE_BP,
  refundFeeCreditMinor,
  type Language,
  type Plan,
  type PlatformInvoiceLine,
  type PlatformStatementResult,
} from '@bookla/shared';
import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PlatformParty } from '../../../db/schema/platform.ts';
import { AppError } from '../../../lib/app-error.ts';
import { mailUnmailedInvoices } from './invoice-mail.ts';

/**
 * A month's statement (CONTRACT §6, decision 031): one invoice per team with something to bill in
 * that month (Europe/Zurich), never two (the unique key on team and month: a second run, or two at
 * once, insert nothing and count the invoice as existing).
 *
 * Lines, all net and in the team's currency:
 * - the monthly fee of the days on Business: round(13900 × days / days in the month);
 * - per day of payment, the fees of the orders paid that day (not test orders, fee > 0), with the
 *   number of sales and their volume: a dated list reads like the bank's and the PSP's reports;
 * - per day of refund, the fees given back for the provider refunds made that day (cumulative
 *   rounding per order: `refundFeeCreditMinor`).
 * Orders in another currency than the team's (possible only after a currency change) are left out
 * and logged. VAT (PLATFORM_VAT_RATE_BP) is added on a positive subtotal when PLATFORM_VAT_ID is set.
 */

export interface StatementDeps {
  db: Db;
  config: Pick<Config, 'platform' | 'bexio' | 'appName' | 'appUrl' | 'mailFrom'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The month (YYYY-MM) of an instant in the platform's zone. */
export function platformMonth(at: Date): string {
  const p = zonedParts(at, PLATFORM_TIME_ZONE);
  return `${p.year}-${pad(p.month)}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month's instants in the platform's zone: [start, end). */
export function monthWindow(month: string): { start: Date; end: Date } {
  const at = (ym: string) => {
    const [year, m] = ym.split('-').map(Number) as [number, number];
    return zonedTimeToUtc({ year, month: m, day: 1, hour: 0, minute: 0 }, PLATFORM_TIME_ZONE);
  };
  return { start: at(month), end: at(nextMonth(month)) };
}

/** Whether `month` has ended at `now` (platform zone). */
export function monthEnded(month: string, now: Date): boolean {
  return monthWindow(month).end.getTime() <= now.getTime();
}

/** Days of `month` on each plan, from the team's changes (the latest on or before a day holds; none: Pay-As-You-Go). */
export function planDays(changes: { plan: Plan; effectiveFrom: string }[], month: string): Record<Plan, number> {
  const sorted = [...changes].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const out: Record<Plan, number> = { payg: 0, business: 0 };
  for (let d = 1; d <= daysInMonth(month); d++) {
    const day = `${month}-${pad(d)}`;
    let plan: Plan = 'payg';
    for (const c of sorted) if (c.effectiveFrom <= day) plan = c.plan;
    out[plan]++;
  }
  return out;
}

export interface TeamStatement {
  teamId: number;
  currency: string;
  lines: PlatformInvoiceLine[];
  subtotalMinor: number;
}

interface TeamInfo {
  id: number;
  name: string;
  currency: string;
  languages: Language[];
  billing_address: string;
  billing_address_line2: string | null;
  billing_postal_code: string;
  billing_city: string;
  billing_country: string;
}

/** The lines of one team's month (empty: nothing to bill). */
export async function teamStatement(
  db: DbOrTx,
  team: { id: number; currency: string },
  month: string,
  log?: StatementDeps['log'],
): Promise<TeamStatement> {
  const { start, end } = monthWindow(month);
  const tz = PLATFORM_TIME_ZONE;
  const lines: PlatformInvoiceLine[] = [];

  const changes = rowsOf<{ plan: Plan; effective_from: string }>(
    await db.execute(sql`SELECT plan, to_char(effective_from, 'YYYY-MM-DD') AS effective_from FROM team_plan_changes
      WHERE team_id = ${team.id} ORDER BY effective_from`),
  );
  const days = planDays(
    changes.map((c) => ({ plan: c.plan, effectiveFrom: c.effective_from })),
    month,
  );
  const dim = daysInMonth(month);
  if (days.business > 0)
    lines.push({
      kind: 'monthly_fee',
      plan: 'business',
      days: days.business,
      days_in_month: dim,
      amount_minor: Math.round((PLAN_MONTHLY_FEE_MINOR.business * days.business) / dim),
    });

  const sales = rowsOf<{ day: string; currency: string; sales: number; volume: string; fees: string }>(
    await db.execute(sql`
      SELECT to_char(o.paid_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, o.currency, count(*)::int AS sales,
             sum(o.total_minor)::bigint AS volume, sum(o.platform_fee_minor)::bigint AS fees
      FROM orders o
      WHERE o.team_id = ${team.id} AND o.paid_at >= ${start.toISOString()}::timestamptz AND o.paid_at < ${end.toISOString()}::timestamptz
        AND NOT o.is_test AND o.platform_fee_minor > 0
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  for (const s of sales) {
    if (s.currency !== team.currency) {
      log?.warn(
        { teamId: team.id, month, day: s.day, currency: s.currency, teamCurrency: team.currency, sales: s.sales },
        'platform statement: fees of orders in another currency than the team’s are left out',
      );
      continue;
    }
    lines.push({ kind: 'sale_fees', date: s.day, sales: s.sales, volume_minor: Number(s.volume), amount_minor: Number(s.fees) });
  }

  // Every succeeded refund of the orders refunded this month, with what was refunded before it.
  const refunds = rowsOf<{ day: string; currency: string; fee: number; total: number; amount: number; before: string; in_month: boolean }>(
    await db.execute(sql`
      SELECT to_char(r.created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, o.currency, o.platform_fee_minor AS fee, o.total_minor AS total,
             r.amount_minor AS amount,
             (sum(r.amount_minor) OVER (PARTITION BY r.order_id ORDER BY r.created_at, r.id) - r.amount_minor)::bigint AS before,
             (r.created_at >= ${start.toISOString()}::timestamptz AND r.created_at < ${end.toISOString()}::timestamptz) AS in_month
      FROM payment_refunds r JOIN orders o ON o.id = r.order_id
      WHERE r.team_id = ${team.id} AND r.status = 'succeeded' AND NOT o.is_test AND o.platform_fee_minor > 0
        AND r.order_id IN (SELECT order_id FROM payment_refunds WHERE team_id = ${team.id} AND status = 'succeeded'
                             AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz)
      ORDER BY r.order_id, r.created_at, r.id`),
  );
  const credits = new Map<string, { refunds: number; amount: number }>();
  for (const r of refunds) {
    if (!r.in_month) continue;
    if (r.currency !== team.currency) {
      log?.warn(
        { teamId: team.id, month, day: r.day, currency: r.currency },
        'platform statement: a refund in another currency is left out',
      );
      continue;
    }
    const credit = refundFeeCreditMinor(Number(r.fee), Number(r.total), Number(r.before), Number(r.amount));
    const day = credits.get(r.day) ?? { refunds: 0, amount: 0 };
    day.refunds++;
    day.amount += credit;
    credits.set(r.day, day);
  }
  for (const [date, c] of [...credits].sort((a, b) => a[0].localeCompare(b[0])))
    if (c.amount > 0) lines.push({ kind: 'refund_credit', date, refunds: c.refunds, amount_minor: -c.amount });

  return { teamId: team.id, currency: team.currency, lines, subtotalMinor: lines.reduce((sum, l) => sum + l.amount_minor, 0) };
}

/** The teams that may have something to bill in the month: sales, refunds, or a plan change to Business on or before its last day. */
async function candidateTeams(db: DbOrTx, month: string): Promise<TeamInfo[]> {
  const { start, end } = monthWindow(month);
  const last = `${month}-${pad(daysInMonth(month))}`;
  return rowsOf<TeamInfo>(
    await db.execute(sql`
      SELECT t.id, t.name, t.currency, t.languages, t.billing_address, t.billing_address_line_2 AS billing_address_line2, t.billing_postal_code,
             t.billing_city, t.billing_country
      FROM teams t
      WHERE t.id IN (
        SELECT team_id FROM orders WHERE paid_at >= ${start.toISOString()}::timestamptz AND paid_at < ${end.toISOString()}::timestamptz
          AND NOT is_test AND platform_fee_minor > 0
        UNION SELECT team_id FROM payment_refunds WHERE status = 'succeeded'
          AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz
        UNION SELECT team_id FROM team_plan_changes WHERE plan = 'business' AND effective_from <= ${last}::date)
      ORDER BY t.id`),
  );
}

export function invoiceNumber(month: string, teamId: number): string {
  return `BKL-${month.replace('-', '')}-${String(teamId).padStart(6, '0')}`;
}

function recipientOf(team: TeamInfo): PlatformParty {
  return {
    name: team.name,
    address: [
      team.billing_address,
      team.billing_address_line2 ?? '',
      `${team.billing_postal_code} ${team.billing_city}`.trim(),
      team.billing_country,
    ]
      .map((l) => (l ?? '').trim())
      .filter(Boolean),
  };
}

/** The day `days` after `at` in the platform's zone (YYYY-MM-DD). */
function dayAfter(at: Date, days: number): string {
  const p = zonedParts(at, PLATFORM_TIME_ZONE);
  return new Date(Date.UTC(p.year, p.month - 1, p.day + days)).toISOString().slice(0, 10);
}

/**
 * Creates the month's missing invoices (those that exist stay as they are) and mails the new
 * ones to the teams' owners. 422 for a month that has not ended at `now`.
 */
export async function runStatement(deps: StatementDeps, month: string, now: Date): Promise<PlatformStatementResult> {
  if (!monthEnded(month, now))
    throw new AppError('VALIDATION_FAILED', 'platform:errors.month_not_ended', {
      params: { month },
      fields: { month: ['platform:errors.month_open'] },
    });
  const { db, config } = deps;
  const issuer: PlatformParty = {
    name: config.platform.name,
    address: config.platform.address,
    vat_id: config.platform.vatId ?? null,
    iban: config.platform.iban,
  };
  const vatRateBp = config.platform.vatId ? PLATFORM_VAT_RATE_BP : 0;
  const bexio = config.bexio?.token ? 'pending' : 'not_configured';
  let created = 0;
  let existing = 0;
  for (const team of await candidateTeams(db, month)) {
    const [already] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM platform_invoices WHERE team_id = ${team.id} AND month = ${month}`),
    );
    if (already) {
      existing++;
      continue;
    }
    const statement = await teamStatement(db, team, month, deps.log);
    if (!statement.lines.length) continue;
    const subtotal = statement.subtotalMinor;
    const vat = vatRateBp && subtotal > 0 ? Math.round((subtotal * vatRateBp) / 10_000) : 0;
    const language: Language = (['de', 'en', 'fr'] as const).find((l) => team.languages?.[0] === l) ?? 'de';
    const inserted = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO platform_invoices (team_id, month, number, currency, language, lines, subtotal_minor, vat_rate_bp, vat_minor,
          total_minor, issuer, recipient, due_at, bexio_status, bexio_next_attempt_at, created_at, updated_at)
        VALUES (${team.id}, ${month}, ${invoiceNumber(month, team.id)}, ${statement.currency}, ${language},
          ${JSON.stringify(statement.lines)}::jsonb, ${subtotal}, ${vatRateBp}, ${vat}, ${subtotal + vat},
          ${JSON.stringify(issuer)}::jsonb, ${JSON.stringify(recipientOf(team))}::jsonb, ${dayAfter(now, 30)}::date, ${bexio},
          ${bexio === 'pending' ? now.toISOString() : null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        ON CONFLICT (team_id, month) DO NOTHING
        RETURNING id`),
    );
    if (inserted.length) created++;
    else existing++;
  }
  await mailUnmailedInvoices(deps, month, now);
  deps.log?.info({ month, created, existing }, 'platform statement run');
  return { created, existing };
}
