import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../../db/client.ts';
import { teamSellingSettings } from '../../../../../db/schema/index.ts';

/** SQL only the Stripe adapter needs. */

/**
 * Resolves the team: whose Stripe Connect account this is (only when exactly one team has it).
 * Only ever asked with the `account` of an event verified with the platform's Connect secret.
 */
export async function teamOfStripeAccount(db: DbOrTx, accountId: string): Promise<number | undefined> {
  const rows = await db
    .select({ teamId: teamSellingSettings.teamId })
    .from(teamSellingSettings)
    .where(eq(teamSellingSettings.stripeAccountId, accountId))
    .limit(2);
  return rows.length === 1 ? rows[0]!.teamId : undefined;
}
