import { PAID_STATUSES, type CheckinScan, type CheckinSyncResult, type Language } from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import * as repo from './checkin.repo.ts';
import { CANCELLED_STATUSES, findVisibleTicket, toTicket, type Staff } from './checkin.service.ts';

/**
 * Scans a scanner queued while offline (issue 11), synced in one call. The first scan wins: a
 * ticket keeps the earliest check-in time any device recorded for it, so two devices syncing at
 * once (or the same batch sent twice) end with one check-in time, the earliest. A scan's time is
 * the device's clock, kept between the order's creation and now (a wrong clock cannot date a
 * check-in before the ticket existed or into the future). Unpaid and cancelled tickets are not
 * checked in, as at the door. Each scan is its own short transaction on the participant's
 * locked row: no deadlocks between batches, and a failure leaves the other scans' results.
 */

const clamp = (at: Date, min: Date, max: Date): Date => new Date(Math.min(Math.max(at.getTime(), min.getTime()), max.getTime()));

async function syncOne(db: Db, staff: Staff, scan: CheckinScan, lang: Language): Promise<CheckinSyncResult> {
  const base = { code: scan.code, scanned_at: scan.scanned_at };
  const row = await findVisibleTicket(db, staff, scan.code);
  if (!row) return { ...base, result: 'not_found', checked_in_at: null, ticket: null };
  if (row.isTest) return { ...base, result: 'unpaid', checked_in_at: row.checkedInAt?.toISOString() ?? null, ticket: toTicket(row, lang) };
  if (!PAID_STATUSES.includes(row.paymentStatus)) {
    const result = CANCELLED_STATUSES.includes(row.paymentStatus) ? 'cancelled' : 'unpaid';
    return { ...base, result, checked_in_at: row.checkedInAt?.toISOString() ?? null, ticket: toTicket(row, lang) };
  }
  const at = clamp(new Date(scan.scanned_at), row.orderCreatedAt, new Date());
  return db.transaction(async (tx) => {
    const current = await repo.lockCheckIn(tx, staff.teamId, row.participantId);
    const before = current?.checkedInAt ?? null;
    if (before && before.getTime() <= at.getTime()) {
      // The same scan sent again is still this scan's check-in (idempotent); an earlier one stands.
      const same = before.getTime() === at.getTime();
      return {
        ...base,
        result: same ? 'checked_in' : 'already_checked_in',
        checked_in_at: before.toISOString(),
        ticket: toTicket(row, lang, before),
      };
    }
    await repo.setCheckedInAt(tx, staff.teamId, row.participantId, staff.userId, at);
    await repo.insertOrderEvent(tx, staff.teamId, {
      orderId: row.orderId,
      type: 'checked_in',
      userId: staff.userId,
      data: {
        participant_id: row.participantId,
        offline: true,
        scanned_at: at.toISOString(),
        ...(before ? { replaced_checked_in_at: before.toISOString() } : {}),
      },
    });
    return { ...base, result: 'checked_in', checked_in_at: at.toISOString(), ticket: toTicket(row, lang, at) };
  });
}

/** One result per scan, in the order sent; processed oldest scan first. */
export async function syncScans(db: Db, staff: Staff, scans: CheckinScan[], lang: Language): Promise<CheckinSyncResult[]> {
  const order = scans
    .map((scan, index) => ({ scan, index, at: Date.parse(scan.scanned_at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  const results: CheckinSyncResult[] = new Array<CheckinSyncResult>(scans.length);
  for (const { scan, index } of order) results[index] = await syncOne(db, staff, scan, lang);
  return results;
}
