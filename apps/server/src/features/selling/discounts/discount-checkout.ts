import type { DbOrTx } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import * as repo from './discounts.repo.ts';
import type { DiscountRow } from './discounts.repo.ts';

/**
 * A discount code at checkout (CONTRACT §4): the order placement resolves the code, then counts
 * the use in the order's own transaction. The maximum number of uses holds under any
 * concurrency because the count is a conditional UPDATE (`used_count < max_uses`): PostgreSQL's
 * row lock makes concurrent checkouts of the same code wait for each other, and the one that
 * finds the count at the maximum changes nothing and is told so.
 */

export type { DiscountRow };

export type DiscountProblem = 'invalid' | 'not_yet_valid' | 'expired' | 'used_up' | 'not_for_activities';

/**
 * The one answer anonymous callers get for a code that cannot be used, whatever the reason
 * (issue 20 item 4): telling unknown, expired, used up and "not for these items" apart would
 * confirm which guesses exist. The reasons stay for staff (`discountProblem`).
 */
export const discountCodeRefused = () => validationError({ discount_code: ['discounts:checkout.invalid'] });

/** Which item totals the discount applies to: items of activities in activity_ids (all when empty). */
export function eligibleForDiscount(discount: DiscountRow, activityId: number | null): boolean {
  if (!discount.activityIds.length) return true;
  return activityId !== null && discount.activityIds.includes(activityId);
}

/** Why a code cannot be used for these activities now (for staff), or null when it can. */
export function discountProblem(
  discount: DiscountRow | undefined,
  activityIds: readonly number[],
  now: Date = new Date(),
): DiscountProblem | null {
  if (!discount || !discount.active) return 'invalid';
  if (discount.validFrom && now < discount.validFrom) return 'not_yet_valid';
  if (discount.validUntil && now >= discount.validUntil) return 'expired';
  if (discount.maxUses !== null && discount.usedCount >= discount.maxUses) return 'used_up';
  if (discount.activityIds.length && !activityIds.some((id) => eligibleForDiscount(discount, id))) return 'not_for_activities';
  return null;
}

/**
 * The discount for a code at the public checkout, or throws the one generic
 * validationError({ discount_code: [...] }) (`discountCodeRefused`). Case-insensitive code.
 */
export async function resolveDiscountForCheckout(
  db: DbOrTx,
  teamId: number,
  code: string,
  activityIds: readonly number[],
  now: Date = new Date(),
): Promise<DiscountRow> {
  const text = code.trim();
  const discount = text ? await repo.findDiscountByCode(db, teamId, text) : undefined;
  if (discountProblem(discount, activityIds, now) !== null) throw discountCodeRefused();
  return discount!;
}

/** Counts one use in the caller's transaction with a conditional UPDATE (used_count < max_uses); returns false when used up meanwhile. */
export async function takeDiscountUse(tx: DbOrTx, teamId: number, discountId: number): Promise<boolean> {
  return repo.incrementUse(tx, teamId, discountId);
}

/** The conditional use count of `takeDiscountUse` as SQL for the checkout's own statement. */
export const discountUseSql = (teamId: number, discountId: number) => repo.incrementUseSql(teamId, discountId);

/** Gives a use back (order cancelled/expired before payment). */
export async function returnDiscountUse(tx: DbOrTx, teamId: number, discountId: number): Promise<void> {
  await repo.decrementUse(tx, teamId, discountId);
}
