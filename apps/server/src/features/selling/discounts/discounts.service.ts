import {
  bpToPercent,
  currencyDigits,
  discountBodySchema,
  encodeMessage,
  minorToDecimal,
  parseMoney,
  parsePercentBp,
  type Discount,
  type DiscountBody,
  type DiscountSortField,
} from '@bookla/shared';
import { parseZonedDateTime, toZonedIso, toZonedIsoOrNull } from '@bookla/shared/zoned-time';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound, validationError } from '../../../lib/app-error.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import * as repo from './discounts.repo.ts';
import type { DiscountRow, DiscountValues } from './discounts.repo.ts';

/**
 * Discount codes of the back office (`/backend/discounts`, CONTRACT §4). The value is stored
 * exactly: a percent in basis points (10.5 % → 1050), a fixed amount in minor units of the
 * team's currency (CHF 20 → 2000). Uses are counted at checkout (discount-checkout.ts).
 *
 * Deleting: a discount that has been used (used_count > 0) is refused with 409 — its uses and
 * revenue are statistics the provider keeps, and orders still waiting for payment may give a use
 * back; deactivating it stops further use. An unused one is deleted (the check and the delete are
 * one statement, so a checkout counting a use at the same moment cannot be lost).
 */

export interface DiscountTeam {
  id: number;
  currency: string;
  timeZone: string;
}

/** The largest fixed amount, in major units (keeps minor units far inside the integer column). */
const MAX_FIXED_MAJOR = 1_000_000;

export function toDiscount(row: DiscountRow & { revenueMinor?: number }, team: DiscountTeam): Discount {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    value: row.type === 'percent' ? bpToPercent(row.value) : minorToDecimal(row.value, team.currency),
    currency: team.currency,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    valid_from: toZonedIsoOrNull(row.validFrom, team.timeZone),
    valid_until: toZonedIsoOrNull(row.validUntil, team.timeZone),
    activity_ids: [...row.activityIds],
    active: row.active,
    revenue: minorToDecimal(row.revenueMinor ?? 0, team.currency),
    created_at: toZonedIso(row.createdAt, team.timeZone),
  };
}

const FLAG: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };

export async function listDiscounts(
  db: Db,
  team: DiscountTeam,
  input: { page: number; perPage: number; sort: { field: DiscountSortField; type: 'asc' | 'desc' }; columnFilters: Record<string, string> },
): Promise<{ rows: Discount[]; total: number }> {
  const f = input.columnFilters;
  const filters = {
    code: f.code?.trim() || undefined,
    name: f.name?.trim() || undefined,
    active: f.active === undefined ? undefined : FLAG[f.active.trim().toLowerCase()],
  };
  const { rows, total } = await repo.listDiscounts(db, team.id, { page: input.page, perPage: input.perPage, sort: input.sort, filters });
  return { rows: rows.map((r) => toDiscount(r, team)), total };
}

export async function getDiscount(db: Db, team: DiscountTeam, id: number): Promise<Discount> {
  const row = await repo.findDiscount(db, team.id, id);
  if (!row) throw notFound();
  return toDiscount(row, team);
}

/**
 * The body checked against the schema and the team (code free, value in range, dates in order,
 * the team's activities, max uses not below the uses counted); one 422 names every problem.
 * On update, keys left out keep the stored value.
 */
async function validValues(db: DbOrTx, team: DiscountTeam, body: DiscountBody, current?: DiscountRow): Promise<DiscountValues> {
  const input = checkInput(discountBodySchema, body);
  const v = input.data;

  let value = 0;
  if (v && !input.has('value') && !input.has('type')) {
    if (v.type === 'percent') {
      const bp = parsePercentBp(v.value);
      if (bp === null || bp <= 0) input.add('value', 'discounts:validation.percent');
      else value = bp;
    } else {
      const minor = parseMoney(v.value, team.currency);
      if (minor === null || minor <= 0)
        input.add('value', encodeMessage('discounts:validation.amount', { digits: currencyDigits(team.currency) }));
      else if (minor > MAX_FIXED_MAJOR * 10 ** currencyDigits(team.currency))
        input.add('value', encodeMessage('max_number', { max: MAX_FIXED_MAJOR }));
      else value = minor;
    }
  }

  const at = (path: 'valid_from' | 'valid_until', stored: Date | null | undefined): Date | null => {
    const text = v?.[path];
    if (text === undefined) return stored ?? null;
    if (text === null || input.has(path)) return null;
    const date = parseZonedDateTime(text, team.timeZone);
    if (!date) input.add(path, 'date');
    return date;
  };
  const validFrom = at('valid_from', current?.validFrom);
  const validUntil = at('valid_until', current?.validUntil);
  if (validFrom && validUntil && validUntil <= validFrom) input.add('valid_until', 'discounts:validation.until_before_from');

  const activityIds = v?.activity_ids === undefined ? (current?.activityIds ?? []) : [...new Set(v.activity_ids)].sort((a, b) => a - b);
  if (v?.activity_ids?.length) {
    const own = await repo.teamActivityIds(db, team.id, activityIds);
    if (activityIds.some((id) => !own.has(id))) input.add('activity_ids', 'discounts:validation.activity_not_found');
  }

  if (v && !input.has('code') && (await repo.codeTaken(db, team.id, v.code, current?.id)))
    input.add('code', 'discounts:validation.code_taken');

  const maxUses = v?.max_uses === undefined ? (current?.maxUses ?? null) : v.max_uses;
  if (current && maxUses !== null && maxUses < current.usedCount)
    input.add('max_uses', encodeMessage('discounts:validation.max_uses_below_used', { used: current.usedCount }));

  const ok = input.valid();
  return {
    code: ok.code,
    name: ok.name === undefined ? (current?.name ?? null) : ok.name || null,
    type: ok.type,
    value,
    maxUses,
    validFrom,
    validUntil,
    activityIds,
    active: ok.active ?? current?.active ?? true,
  };
}

/** Two requests raced past the code check: the unique index answers, as a 422 on `code`. */
function codeRace(err: unknown): never {
  if (uniqueViolation(err) !== undefined) throw validationError({ code: ['discounts:validation.code_taken'] });
  throw err;
}

export async function createDiscount(db: Db, team: DiscountTeam, body: DiscountBody): Promise<Discount> {
  const values = await validValues(db, team, body);
  const row = await repo.insertDiscount(db, team.id, values).catch(codeRace);
  return toDiscount(row, team);
}

/** The row is locked while checked and written, so a checkout cannot count a use above the new max_uses. */
export async function updateDiscount(db: Db, team: DiscountTeam, id: number, body: DiscountBody): Promise<Discount> {
  await db
    .transaction(async (tx) => {
      const current = await repo.lockDiscount(tx, team.id, id);
      if (!current) throw notFound();
      const values = await validValues(tx, team, body, current);
      await repo.updateDiscount(tx, team.id, id, values);
    })
    .catch(codeRace);
  return getDiscount(db, team, id);
}

export async function deleteDiscount(db: Db, teamId: number, id: number): Promise<void> {
  if (await repo.deleteUnusedDiscount(db, teamId, id)) return;
  const row = await repo.findDiscount(db, teamId, id);
  if (!row) throw notFound();
  throw new AppError('CONFLICT', 'discounts:discount.delete_used', { params: { used: row.usedCount } });
}
