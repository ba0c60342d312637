import { lockTicketsSql, type HoldLocks } from '../../catalogue/tickets/index.ts';

/**
 * Tests only: the controls of the hold race tests (hold-limits-races.test.ts). A race test proves
 * its harness can see a race by running it once without the protection: these locks replace the
 * reservation's own (`reserveItems`' `locks` argument) with the tickets' locks alone, without the
 * activity's. Buyers of different tickets of one activity then no longer wait for each other, so
 * the activity's capacity and one visitor's share are checked on counts that are already stale.
 * Production code has no switch for it.
 */
export const ticketLocksOnly: HoldLocks = async (tx, teamId, _activityIds, ticketIds) => {
  if (ticketIds.length) await tx.execute(lockTicketsSql(teamId, ticketIds));
};
