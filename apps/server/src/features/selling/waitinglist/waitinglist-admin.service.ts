import {
  toZonedIso,
  toZonedIsoOrNull,
  WAITING_LIST_STATUSES,
  type Language,
  type WaitingListEntry,
  type WaitingListEntryDetail,
  type WaitingListFilters,
  type WaitingListOfferRefusal,
  type WaitingListSortField,
  type WaitingListStatus,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { readFilters } from '../../operations/customers/index.ts';
import { endStaleOffers, offerSeats, pickTicket, underLine, type WaitingListDeps } from './offer-engine.ts';
import { removeEntry } from './waitinglist.service.ts';
import * as list from './waitinglist-list.repo.ts';
import type { EntryFilters, EntryListRow } from './waitinglist-list.repo.ts';
import * as repo from './waitinglist.repo.ts';

/**
 * The back office's waiting list (`/backend/customers/waitinglist`, `nav.customers.waitinglist`):
 * entries per activity and date with their place in line and offer, an entry's history, a manual
 * offer (to any waiting or expired entry, out of line order, when its seats are free) and removal.
 * Another team's entry is not found (404).
 */

export interface WaitingListTeam {
  id: number;
  timeZone: string;
}

export interface Staff {
  userId: number | null;
}

/** `columnFilters` → filters; malformed ones: 422 on `columnFilters.<name>`. */
export function entryFilters(columnFilters: Record<string, string>): EntryFilters {
  const read = readFilters(columnFilters);
  const rawSession = columnFilters.session_id?.trim().toLowerCase();
  const statusText = columnFilters.status?.trim();
  let statuses: WaitingListStatus[] | undefined;
  if (statusText) {
    const wanted = statusText.split(',').map((s) => s.trim().toLowerCase());
    statuses = WAITING_LIST_STATUSES.filter((s) => wanted.includes(s));
    if (!statuses.length) read.fail('status', 'invalid_value');
  }
  const filters: EntryFilters = {
    activityId: read.id('activity_id'),
    sessionId: rawSession === 'none' ? 'none' : read.id('session_id'),
    statuses,
    search: read.search(),
  };
  read.done();
  return filters;
}

export function toEntry(r: EntryListRow, zone: string): WaitingListEntry {
  return {
    id: r.id,
    activity_id: r.activityId,
    activity_name: r.activityName,
    session_id: r.sessionId,
    session_starts_at: toZonedIsoOrNull(r.sessionStartsAt, zone),
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    language: r.language,
    quantity: r.quantity,
    status: r.status,
    position: r.position,
    offered_at: toZonedIsoOrNull(r.offeredAt, zone),
    offer_expires_at: toZonedIsoOrNull(r.offerExpiresAt, zone),
    order_id: r.orderId,
    order_number: r.orderNumber,
    created_at: toZonedIso(r.createdAt, zone),
    updated_at: toZonedIso(r.updatedAt, zone),
  };
}

export async function listEntries(
  db: Db,
  team: WaitingListTeam,
  q: { page: number; perPage: number; sort: { field: WaitingListSortField; type: 'asc' | 'desc' }; columnFilters: Record<string, string> },
  lang: Language,
): Promise<{ rows: WaitingListEntry[]; total: number }> {
  const { rows, total } = await list.entryPage(db, team.id, entryFilters(q.columnFilters), q, lang);
  return { rows: rows.map((r) => toEntry(r, team.timeZone)), total };
}

export async function getEntry(db: Db, team: WaitingListTeam, id: number, lang: Language): Promise<WaitingListEntryDetail> {
  const row = await list.oneEntry(db, team.id, id, lang);
  if (!row) throw notFound();
  const events = await list.eventsOf(db, team.id, id);
  return {
    ...toEntry(row, team.timeZone),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      user_name: e.userName,
      data: { ...e.data },
      created_at: toZonedIso(e.createdAt, team.timeZone),
    })),
  };
}

export async function waitingListFilterOptions(db: Db, team: WaitingListTeam, activityId: number | undefined, lang: Language) {
  const o = await list.filterOptions(db, team.id, activityId, lang);
  return {
    activities: o.activities.map((a) => ({ id: a.id, name: a.name, waiting_list: a.waitingList })),
    sessions: o.sessions.map((s) => ({ id: s.id, starts_at: toZonedIso(s.startsAt, team.timeZone), cancelled: s.cancelled })),
  } satisfies WaitingListFilters;
}

const refused = (reason: WaitingListOfferRefusal, extra: Record<string, unknown> = {}) =>
  new AppError('CONFLICT', `waitinglist:admin.refused.${reason}`, { extra: { reason, ...extra } });

/**
 * Staff offer an entry its seats now (out of line order): only a waiting or expired entry of a
 * published activity, and only when a ticket of its line has its seats free (else 409 with
 * `reason`: `not_waiting`, `closed`, `no_seats` and `available`).
 */
export async function offerManually(deps: WaitingListDeps, team: WaitingListTeam, id: number, staff: Staff, lang: Language) {
  const entry = await repo.findEntry(deps.db, team.id, id);
  if (!entry) throw notFound();
  await underLine(deps.db, team.id, entry.activityId, async (tx, activity) => {
    // Offers that ran out give their seats back first.
    await endStaleOffers(tx, activity);
    const now = await repo.findEntry(tx, team.id, id);
    if (!now || (now.status !== 'waiting' && now.status !== 'expired')) throw refused('not_waiting');
    if (activity.status !== 'published') throw refused('closed');
    const seats = await repo.seatTickets(tx, team.id, activity.id);
    const free = new Map(seats.map((s) => [s.id, s.available]));
    const ticket = pickTicket(seats, free, now);
    if (!ticket) {
      const line = seats.filter((s) => s.sessionId === now.sessionId && s.onSale);
      throw refused('no_seats', { available: Math.max(0, ...line.map((s) => s.available)), wanted: now.quantity });
    }
    if (!(await offerSeats(tx, deps, activity, now, ticket, ['waiting', 'expired'], { actor: 'staff', userId: staff.userId })))
      throw refused('not_waiting');
  });
  return getEntry(deps.db, team, id, lang);
}

/** Staff take an entry off the list (an offer's seats go to the next in line); 409 when it had left already. */
export async function removeManually(deps: WaitingListDeps, team: WaitingListTeam, id: number, staff: Staff, lang: Language) {
  const entry = await repo.findEntry(deps.db, team.id, id);
  if (!entry) throw notFound();
  if (!(await removeEntry(deps, entry, { actor: 'staff', userId: staff.userId }, 'staff')))
    throw new AppError('CONFLICT', 'waitinglist:admin.not_in_line');
  return getEntry(deps.db, team, id, lang);
}
