import { MAX_SYNC_SCANS, type CheckinSession, type CheckinSyncResult, type CheckinTicketState } from '@bookla/shared/checkin';
import { failure, isUnreachable, lookUpTicket, postCheckIn, ticketView, type CheckinOutcome, type TicketView } from '../api/checkin-api';
import { fetchSessionTickets, findSessionTicket, syncScans } from '../api/sessions-api';
import type { CachedTicket, CheckinStore } from './checkin-store';
import { hashTicketCode } from './hash-code';

/**
 * The door's decisions (issue 11), online and offline. With a date chosen, a scanned code is
 * hashed and looked up in that date's saved list: a ticket not on it is another date's (online:
 * which one; offline: "not on the list") and is never checked in by mistake. Online, the server
 * checks the ticket in (CONTRACT §4) and the saved list follows. Offline (`navigator.onLine`
 * false, or the server unreachable) the saved list decides, the scan is queued, and `syncQueue`
 * sends the queue when the connection is back (the server's first scan wins).
 */

export interface Door {
  store: CheckinStore | null;
  /** The date checked in for; null: none chosen (online only; offline scans are queued unchecked). */
  session: CheckinSession | null;
  online: () => boolean;
}

function cachedView(entry: CachedTicket, session: CheckinSession): TicketView {
  return {
    participant: { firstname: entry.firstname, lastname: entry.lastname },
    activityName: session.activity.name,
    ticketName: entry.ticket_name,
    sessionStartsAt: session.starts_at,
    orderNumber: entry.order_number,
  };
}

/** The saved entry after an online outcome (the list follows the server). */
function followed(entry: CachedTicket, outcome: CheckinOutcome): CachedTicket | null {
  const state = (status: CheckinTicketState, checkedInAt = entry.checked_in_at) => ({ ...entry, status, checked_in_at: checkedInAt });
  switch (outcome.kind) {
    case 'checkedIn':
    case 'already':
      return state('valid', outcome.checkedInAt);
    case 'unpaid':
    case 'cancelled':
      return state(outcome.kind);
    case 'undone':
      return state(entry.status, null);
    default:
      return null;
  }
}

/** Keeps the saved list in step with an online outcome of this code (check-in or undo). */
export async function rememberOutcome(door: Door, code: string, outcome: CheckinOutcome): Promise<void> {
  if (!door.store || !door.session) return;
  const entry = await door.store.ticket(door.session.id, await hashTicketCode(code));
  const next = entry && followed(entry, outcome);
  if (next) await door.store.putTicket(next);
}

async function checkInOnline(code: string, codeHash: string, door: Door & { store: CheckinStore; session: CheckinSession }) {
  let entry = await door.store.ticket(door.session.id, codeHash);
  if (!entry) {
    // Not on the saved list: bought since it was saved, or another date's ticket.
    const found = await findSessionTicket(door.session.id, codeHash);
    if (!found) {
      const ticket = await lookUpTicket(code);
      return ticket ? ({ kind: 'wrongSession', ticket: ticketView(ticket) } as const) : ({ kind: 'notFound' } as const);
    }
    entry = { ...found, session_id: door.session.id };
  }
  const outcome = await postCheckIn(code);
  await door.store.putTicket(followed(entry, outcome) ?? entry);
  return outcome;
}

async function checkInOffline(code: string, codeHash: string, door: Door & { store: CheckinStore; session: CheckinSession }) {
  const entry = await door.store.ticket(door.session.id, codeHash);
  if (!entry) return { kind: 'wrongSession' } as const;
  const ticket = cachedView(entry, door.session);
  if (entry.status !== 'valid') return { kind: entry.status, ticket, offline: true } as const;
  if (entry.checked_in_at) return { kind: 'already', ticket, checkedInAt: entry.checked_in_at, offline: true } as const;
  const at = new Date().toISOString();
  await door.store.enqueue({ code, scanned_at: at, session_id: door.session.id });
  await door.store.putTicket({ ...entry, checked_in_at: at });
  return { kind: 'checkedIn', ticket, checkedInAt: at, offline: true } as const;
}

/** Checks a scanned or typed code in at the door; never throws (every ending is an outcome). */
export async function checkInAtDoor(code: string, door: Door): Promise<CheckinOutcome> {
  const { store, session } = door;
  try {
    if (!store || !session) {
      if (door.online()) {
        try {
          return await postCheckIn(code);
        } catch (error) {
          if (!isUnreachable(error) || !store) throw error;
        }
      }
      if (!store) return { kind: 'failed' };
      await store.enqueue({ code, scanned_at: new Date().toISOString(), session_id: null });
      return { kind: 'queued' };
    }
    const codeHash = await hashTicketCode(code);
    const ready = { ...door, store, session };
    if (door.online()) {
      try {
        return await checkInOnline(code, codeHash, ready);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
      }
    }
    return await checkInOffline(code, codeHash, ready);
  } catch (error) {
    return failure(error);
  }
}

/** Saves a date's list on the device; scans of it not yet synced stay checked in there. */
export async function cacheSession(store: CheckinStore, session: CheckinSession): Promise<void> {
  const tickets = await fetchSessionTickets(session.id);
  const pending = new Map<string, string>();
  for (const scan of await store.queued()) {
    if (scan.session_id === session.id) pending.set(await hashTicketCode(scan.code), scan.scanned_at);
  }
  await store.saveSession(
    session,
    tickets.map((t) => (t.checked_in_at || !pending.has(t.code_hash) ? t : { ...t, checked_in_at: pending.get(t.code_hash)! })),
  );
}

/** Checked in / expected (valid tickets) on the saved list of a date. */
export async function countSession(store: CheckinStore, sessionId: number): Promise<{ checkedIn: number; expected: number }> {
  const valid = (await store.tickets(sessionId)).filter((t) => t.status === 'valid');
  return { checkedIn: valid.filter((t) => t.checked_in_at).length, expected: valid.length };
}

/** A synced scan that did not check the ticket in as the door saw it. */
export interface SyncConflict {
  result: Exclude<CheckinSyncResult['result'], 'checked_in'>;
  /** The participant, when the server knows the ticket. */
  name: string | null;
  scannedAt: string;
  /** The check-in that stands (already_checked_in). */
  checkedInAt: string | null;
}

export interface SyncReport {
  synced: number;
  conflicts: SyncConflict[];
}

/**
 * Sends the queued scans (in batches the server takes) and removes each batch once answered.
 * Throws when the server is unreachable or refuses (the queue stays for the next try).
 */
export async function syncQueue(store: CheckinStore, sessionId: number | null): Promise<SyncReport> {
  const report: SyncReport = { synced: 0, conflicts: [] };
  const queued = await store.queued();
  for (let i = 0; i < queued.length; i += MAX_SYNC_SCANS) {
    const batch = queued.slice(i, i + MAX_SYNC_SCANS);
    const results = await syncScans(batch.map(({ code, scanned_at }) => ({ code, scanned_at })));
    await store.dequeue(batch.map((s) => s.id));
    report.synced += batch.length;
    for (const [index, r] of results.entries()) {
      if (r.result !== 'checked_in') {
        const name = r.ticket ? `${r.ticket.participant.firstname} ${r.ticket.participant.lastname}` : null;
        report.conflicts.push({ result: r.result, name, scannedAt: r.scanned_at, checkedInAt: r.checked_in_at });
      }
      const scan = batch[index];
      if (sessionId === null || scan?.session_id !== sessionId) continue;
      const entry = await store.ticket(sessionId, await hashTicketCode(scan.code));
      if (!entry) continue;
      const status: CheckinTicketState = r.result === 'unpaid' || r.result === 'cancelled' ? r.result : entry.status;
      await store.putTicket({ ...entry, status, checked_in_at: r.checked_in_at });
    }
  }
  return report;
}
