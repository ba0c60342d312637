import type { NotificationEvent } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { PROVIDER_NOTICE_JOB } from '../orders/index.ts';

/**
 * The `provider.notice` job of a membership's event (issue 24, decision 020): the transaction that
 * changed the membership (the sweep, a cancellation by staff or by the member) writes one small job
 * row with the change, like orders do for theirs (orders/provider-notice-job.ts); the handler
 * (notice-job.ts) tells the team after the commit, once per key.
 *
 * `past_due`: a renewal left unpaid (once per period, the period being the one renewed).
 * `cancelled`: cancelled by the member or by staff, to the period's end or now (once per
 * membership and mode). `ended`: the membership ended (a pass ran out, a cancellation reached the
 * period's end, or a renewal stayed unpaid past the grace days); once per membership.
 */
export type MembershipNoticeKind = 'past_due' | 'cancelled' | 'ended';

export interface MembershipNotice {
  teamId: number;
  membershipId: number;
  kind: MembershipNoticeKind;
  /** Records the event once per team (`team_notification_events.key`). */
  key: string;
  /** When it happened (the digest files it under this day). */
  at: string;
  /** The period the event concerns (its end, ISO). */
  period_end: string;
  /** `cancelled`: who (`customer` | `staff`) and to when (`period_end` | `now`). */
  data: { by?: 'customer' | 'staff'; mode?: 'period_end' | 'now' };
}

export const MEMBERSHIP_NOTICE_EVENT: Record<MembershipNoticeKind, NotificationEvent> = {
  past_due: 'membership_past_due',
  cancelled: 'membership_cancelled',
  ended: 'membership_ended',
};

/** A job payload is a membership's notice (an order's names `orderId`). */
export const isMembershipNotice = (payload: object): payload is MembershipNotice => 'membershipId' in payload;

/**
 * Queues the notice of a membership's event in the caller's transaction (the one that changed the
 * membership): committed with the change or not at all. Reads the membership's current period
 * under the caller's lock for the key.
 */
export async function queueMembershipNotice(
  tx: DbOrTx,
  teamId: number,
  membershipId: number,
  kind: MembershipNoticeKind,
  at: Date,
  data: MembershipNotice['data'] = {},
): Promise<void> {
  const result = await tx.execute(sql`SELECT current_period_end FROM memberships WHERE id = ${membershipId} AND team_id = ${teamId}`);
  const row = (result as unknown as { rows: { current_period_end: Date | string }[] }).rows[0];
  if (!row) return;
  const periodEnd = new Date(row.current_period_end).toISOString();
  const key =
    kind === 'past_due'
      ? `m-past-due:${membershipId}:${Date.parse(periodEnd)}`
      : kind === 'cancelled'
        ? `m-cancelled:${membershipId}:${data.mode ?? 'period_end'}`
        : `m-ended:${membershipId}`;
  const notice: MembershipNotice = { teamId, membershipId, kind, key, at: at.toISOString(), period_end: periodEnd, data };
  await enqueueJob(tx, PROVIDER_NOTICE_JOB, { ...notice }, { maxAttempts: 10 });
}
