import { WAITING_LIST_HOLDER_PREFIX, type WaitingListActor, type WaitingListStatus } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { enqueueJob, type JobRunner } from '../../../lib/jobs.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { queueOfferMail, type LineInfo, type MailConfig } from './waitinglist.mails.ts';
import * as repo from './waitinglist.repo.ts';
import type { EntryRow, LineActivity, SeatTicket } from './waitinglist.repo.ts';

/**
 * The engine that fills freed seats from the waiting list.
 *
 * Everything that moves an offer's seats runs in one transaction that first locks every ticket
 * row of the activity (ascending ids, like the checkout), so two runs never offer the same seat:
 * the second waits for the first and then sees its reservations. Inside it:
 *
 * 1. offers that ran out, or whose seats were given back, end (`expired`) and release their seats;
 * 2. with the line open (published, waiting list on, feature on), the waiting entries are gone
 *    through in id order: each is offered the seats of the first ticket of its line (shop order)
 *    that is on sale, allows its number of seats per order and has that many free. An entry that
 *    wants more seats than are free is passed over and keeps its place (so one large group does
 *    not hold up everybody behind it); it is offered as soon as enough seats are free.
 *
 * An offer holds the seats as reservations under a holder `wl_…` (a checkout reservation token)
 * until now + the activity's offer hours, never past the start of the first session it books
 * (decision 009: no hold outlives the first booked session); its link's token is stored as SHA-256 only.
 *
 * Runs are started by a job that seat-releasing transactions queue (orders ended or refunded:
 * `queueLineCheck`), by the customer's or staff's removal of an offered entry, and by a periodic
 * sweep for what happens without a transaction of ours (offers and reservations that run out,
 * reservations given back, stock raised).
 */

export interface WaitingListDeps {
  db: Db;
  config: MailConfig;
}

export interface Who {
  actor: WaitingListActor;
  userId?: number | null;
}

const SYSTEM: Who = { actor: 'system' };

/**
 * Runs `fn` in a transaction that holds the activity's ticket locks. Undefined when the activity
 * is not the team's.
 */
export async function underLine<T>(
  db: Db,
  teamId: number,
  activityId: number,
  fn: (tx: DbOrTx, activity: LineActivity) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const activity = await repo.lineActivity(tx, teamId, activityId);
    if (!activity) return undefined;
    await repo.lockActivityTickets(tx, teamId, activityId);
    return fn(tx, activity);
  });
}

/** The first ticket of the entry's line that can take its seats now (shop order), or undefined. */
export function pickTicket(
  seats: readonly SeatTicket[],
  free: ReadonlyMap<number, number>,
  entry: Pick<EntryRow, 'sessionId' | 'quantity'>,
): SeatTicket | undefined {
  return seats.find(
    (s) =>
      s.sessionId === entry.sessionId &&
      s.onSale &&
      entry.quantity >= s.minPerOrder &&
      (s.maxPerOrder === null || entry.quantity <= s.maxPerOrder) &&
      (free.get(s.id) ?? 0) >= entry.quantity,
  );
}

/** What an offer mail says about the line. */
export async function lineInfo(tx: DbOrTx, activity: LineActivity, sessionId: number | null): Promise<LineInfo> {
  const session = sessionId === null ? undefined : await repo.sessionOf(tx, activity.teamId, activity.id, sessionId);
  return {
    teamId: activity.teamId,
    teamName: activity.teamName,
    timeZone: activity.timeZone,
    country: activity.country,
    activityName: activity.name,
    sessionStartsAt: session?.startsAt ?? null,
    offerHours: activity.offerHours,
  };
}

/**
 * Under the line's locks: the entry (in one of `from`) is offered `ticket`'s seats — status,
 * held seats, event, mail. False when the entry had moved on meanwhile.
 */
export async function offerSeats(
  tx: DbOrTx,
  deps: WaitingListDeps,
  activity: LineActivity,
  entry: EntryRow,
  ticket: SeatTicket,
  from: readonly WaitingListStatus[],
  who: Who,
): Promise<boolean> {
  const token = randomToken();
  const holder = `${WAITING_LIST_HOLDER_PREFIX}${randomToken()}`;
  const expiresAt = await repo.markOffered(tx, activity.teamId, entry.id, from, {
    tokenHash: sha256(token),
    holder,
    hours: activity.offerHours,
    activityId: activity.id,
    sessionId: entry.sessionId,
  });
  if (!expiresAt) return false;
  await repo.holdSeats(tx, activity.teamId, { ticketId: ticket.id, quantity: entry.quantity, holder, expiresAt });
  await repo.recordEvent(tx, activity.teamId, entry.id, 'offered', who, {
    ticket_id: ticket.id,
    quantity: entry.quantity,
    expires_at: expiresAt.toISOString(),
    ...(who.actor === 'staff' ? { manual: true } : {}),
  });
  await queueOfferMail(tx, deps.config, await lineInfo(tx, activity, entry.sessionId), entry, expiresAt, token);
  return true;
}

export interface SettleResult {
  /** Offers ended (ran out or released). */
  ended: number[];
  /** Entries offered seats now. */
  offered: number[];
}

/** Ends the offers that ran out or were released, and releases their seats (under the line's locks). */
export async function endStaleOffers(tx: DbOrTx, activity: LineActivity): Promise<number[]> {
  const ended = await repo.endStaleOffers(tx, activity.teamId, activity.id);
  for (const e of ended) {
    if (e.holder) await repo.releaseHolder(tx, activity.teamId, e.holder);
    await repo.recordEvent(tx, activity.teamId, e.id, 'offer_expired', SYSTEM, { reason: e.due ? 'expired' : 'released' });
  }
  return ended.map((e) => e.id);
}

/** Under the line's locks: stale offers end, then free seats go to the first waiting entries that fit. */
export async function settleLine(tx: DbOrTx, deps: WaitingListDeps, activity: LineActivity): Promise<SettleResult> {
  const ended = await endStaleOffers(tx, activity);
  const offered: number[] = [];
  if (!repo.lineOpen(activity)) return { ended, offered };
  const seats = await repo.seatTickets(tx, activity.teamId, activity.id);
  const free = new Map(seats.map((s) => [s.id, s.available]));
  if (!seats.some((s) => s.onSale && s.available > 0)) return { ended, offered };
  for (const entry of await repo.waitingEntries(tx, activity.teamId, activity.id)) {
    const ticket = pickTicket(seats, free, entry);
    if (!ticket) continue;
    if (!(await offerSeats(tx, deps, activity, entry, ticket, ['waiting'], SYSTEM))) continue;
    free.set(ticket.id, (free.get(ticket.id) ?? 0) - entry.quantity);
    offered.push(entry.id);
    if (![...free.values()].some((n) => n > 0)) break;
  }
  return { ended, offered };
}

/** One run of the engine for an activity (its own transaction). */
export async function runLine(deps: WaitingListDeps, teamId: number, activityId: number): Promise<SettleResult> {
  return (await underLine(deps.db, teamId, activityId, (tx, activity) => settleLine(tx, deps, activity))) ?? { ended: [], offered: [] };
}

// ─── Triggers: the job, and the sweep ───────────────────────────────────────

export const WAITING_LIST_JOB = 'waitinglist.offer';

/**
 * Seats of these tickets were given back (inside the caller's transaction): a job looks at the
 * waiting lists of their activities once the transaction committed. One small INSERT.
 */
export function queueLineCheck(tx: DbOrTx, teamId: number, ticketIds: readonly number[]): Promise<number> {
  return enqueueJob(tx, WAITING_LIST_JOB, { teamId, ticketIds: [...ticketIds] }, { maxAttempts: 10 });
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

export function registerWaitingListJob(runner: JobRunner, deps: WaitingListDeps): void {
  runner.register(
    WAITING_LIST_JOB,
    async (payload) => {
      const teamId = Number(payload.teamId);
      if (!Number.isSafeInteger(teamId) || teamId <= 0) return;
      const activityIds =
        payload.activityId !== undefined
          ? ids([payload.activityId])
          : await repo.activitiesWithLines(deps.db, teamId, ids(payload.ticketIds));
      for (const activityId of activityIds) await runLine(deps, teamId, activityId);
    },
    { lockMs: 60_000 },
  );
}

/**
 * One sweep: every activity with an offer that ran out or was released, and every open line with
 * a waiting entry whose seats are free now, gets an engine run. Returns what it did.
 */
export async function sweepWaitingLists(deps: WaitingListDeps, limit = 200): Promise<SettleResult> {
  const keys = [...(await repo.activitiesWithStaleOffers(deps.db, limit)), ...(await repo.activitiesWithFreeSeats(deps.db, limit))];
  const seen = new Set<string>();
  const total: SettleResult = { ended: [], offered: [] };
  for (const k of keys) {
    const key = `${k.teamId}:${k.activityId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const r = await runLine(deps, k.teamId, k.activityId);
    total.ended.push(...r.ended);
    total.offered.push(...r.offered);
  }
  return total;
}

/** Runs the sweep every `intervalMs` (started from app.ts when the job loop runs), on one instance at a time (lib/periodic.ts); returns stop. */
export function scheduleWaitingListSweep(deps: WaitingListDeps, log: FastifyBaseLogger, intervalMs = 60_000): () => void {
  return schedulePeriodic(deps.db, log, {
    name: 'waitinglist.sweep',
    intervalMs,
    run: async () => {
      const r = await sweepWaitingLists(deps);
      if (r.ended.length || r.offered.length) log.info({ ended: r.ended.length, offered: r.offered.length }, 'waiting lists swept');
    },
  });
}
