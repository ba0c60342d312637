import {
  encodeMessage,
  minorToDecimal,
  pickText,
  toZonedIso,
  toZonedIsoOrNull,
  WAITING_LIST_HOLDER_PREFIX,
  type Language,
  type ReservationReply,
  type WaitingListJoinBody,
  type WaitingListOffer,
} from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { lineInfo, settleLine, underLine, type WaitingListDeps, type Who } from './offer-engine.ts';
import { queueJoinedMail } from './waitinglist.mails.ts';
import * as repo from './waitinglist.repo.ts';
import type { EntryRow } from './waitinglist.repo.ts';

/**
 * The public side of the waiting list (CONTRACT §4): signing up for a sold-out activity or date,
 * leaving it by the mail's link, and the offer behind its link (view, claim for the checkout,
 * decline). Whatever moves seats runs under the line's ticket locks (offer-engine.ts).
 */

const conflict = (key: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', key, { extra });

export interface Joined {
  entryId: number;
  position: number;
  offerHours: number;
}

/**
 * Signs up for the waiting list, or refuses: 404 for an activity that is not this team's published
 * one; 409 when its waiting list is closed, nothing is on sale for the line, or the seats wanted are free (book them instead: `available`); 422 for a date of
 * another activity, a past or cancelled one, a missing date where the activity sells per date,
 * or a number of seats no ticket of the line sells at once.
 */
export async function joinWaitingList(deps: WaitingListDeps, teamId: number, body: WaitingListJoinBody): Promise<Joined> {
  const { db } = deps;
  const activity = await repo.lineActivity(db, teamId, body.activity_id);
  if (!activity || activity.status !== 'published') throw notFound();
  if (!repo.lineOpen(activity)) throw conflict('waitinglist:join.closed');
  const sessionId = body.session_id ?? null;
  if (sessionId !== null) {
    const session = await repo.sessionOf(db, teamId, activity.id, sessionId);
    if (!session || session.status !== 'scheduled' || session.startsAt.getTime() <= Date.now())
      throw validationError({ session_id: ['waitinglist:validation.session'] });
  }
  const onSale = (await repo.seatTickets(db, teamId, activity.id)).filter((s) => s.onSale);
  const line = onSale.filter((s) => s.sessionId === sessionId);
  if (!line.length) {
    if (sessionId === null && onSale.some((s) => s.sessionId !== null))
      throw validationError({ session_id: ['waitinglist:validation.session_required'] });
    throw conflict('waitinglist:join.not_on_sale');
  }
  const q = body.quantity;
  const fitting = line.filter((s) => q >= s.minPerOrder && (s.maxPerOrder === null || q <= s.maxPerOrder));
  if (!fitting.length) {
    const min = Math.min(...line.map((s) => s.minPerOrder));
    const max = Math.max(...line.map((s) => s.maxPerOrder ?? 50));
    throw validationError({ quantity: [encodeMessage('waitinglist:validation.quantity', { min, max })] });
  }
  const available = Math.max(...fitting.map((s) => s.available));
  if (available >= q) throw conflict('waitinglist:join.not_sold_out', { available });

  const removalToken = randomToken();
  return db.transaction(async (tx) => {
    await repo.lockLine(tx, teamId, activity.id, sessionId);
    // Listed already: the same answer as a new sign-up (the place a new one would get), no mail,
    // nothing stored, so the answer never tells whether an address waits (issue 20 item 10).
    const listed = await repo.listedEntry(tx, teamId, activity.id, sessionId, body.email);
    if (listed) {
      const behindEveryone = { id: 2_147_483_647, teamId, activityId: activity.id, sessionId };
      return { entryId: listed.id, position: (await repo.positionOf(tx, behindEveryone)) + 1, offerHours: activity.offerHours };
    }
    const entry = await repo.insertEntry(tx, {
      teamId,
      activityId: activity.id,
      sessionId,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      language: body.language,
      quantity: q,
      removalTokenHash: sha256(removalToken),
    });
    const position = await repo.positionOf(tx, entry);
    await repo.recordEvent(tx, teamId, entry.id, 'joined', { actor: 'customer' }, { position, quantity: q });
    await queueJoinedMail(tx, deps.config, await lineInfo(tx, activity, sessionId), entry, position, removalToken);
    return { entryId: entry.id, position, offerHours: activity.offerHours };
  });
}

/**
 * The entry leaves the line (waiting or offered; anything else: false). An offer's seats are
 * released and offered to the next in line at once, in the same transaction.
 */
export async function removeEntry(deps: WaitingListDeps, entry: EntryRow, who: Who, reason: string): Promise<boolean> {
  const done = await underLine(deps.db, entry.teamId, entry.activityId, async (tx, activity) => {
    const before = await repo.markRemoved(tx, entry.teamId, entry.id);
    if (!before) return false;
    const offered = before.status === 'offered' && before.holder;
    if (offered) await repo.releaseHolder(tx, entry.teamId, before.holder!);
    await repo.recordEvent(tx, entry.teamId, entry.id, 'removed', who, { reason, from: before.status });
    if (offered) await settleLine(tx, deps, activity);
    return true;
  });
  return done ?? false;
}

/** The entry behind a removal link (read only), or undefined for a wrong token. */
export async function removalEntry(deps: WaitingListDeps, entryId: number, token: string | undefined): Promise<EntryRow | undefined> {
  return token ? repo.entryByRemovalHash(deps.db, entryId, sha256(token)) : undefined;
}

/**
 * The removal link's confirmation (a POST). Returns the entry's language for the notice page
 * (also when it had left the line already: the link is the same), or undefined for a wrong token.
 */
export async function removeByLink(deps: WaitingListDeps, entryId: number, token: string | undefined): Promise<Language | undefined> {
  const entry = await removalEntry(deps, entryId, token);
  if (!entry) return undefined;
  await removeEntry(deps, entry, { actor: 'customer' }, 'link');
  return entry.language;
}

// ─── The offer behind its link ──────────────────────────────────────────────

async function offerEntry(db: DbOrTx, teamId: number, entryId: number, token: string | undefined): Promise<EntryRow> {
  const entry = token ? await repo.entryByOfferHash(db, teamId, entryId, sha256(token)) : undefined;
  if (!entry) throw notFound();
  return entry;
}

async function offerView(db: DbOrTx, entry: EntryRow, lang: Language): Promise<WaitingListOffer> {
  const activity = await repo.lineActivity(db, entry.teamId, entry.activityId);
  if (!activity) throw notFound();
  const session = entry.sessionId === null ? undefined : await repo.sessionOf(db, entry.teamId, entry.activityId, entry.sessionId);
  const held = entry.status === 'offered' && entry.offerHolder ? await repo.heldItems(db, entry.teamId, entry.offerHolder) : [];
  // Seats given back (or run out) before the engine came by: the offer is over.
  const status = entry.status === 'offered' && !held.length ? 'expired' : entry.status;
  const currency = held[0]?.currency ?? activity.currency;
  const money = (minor: number) => minorToDecimal(minor, currency);
  return {
    id: entry.id,
    status,
    activity_id: entry.activityId,
    activity_name: pickText(activity.name, lang),
    session_id: entry.sessionId,
    session_starts_at: session ? toZonedIso(session.startsAt, activity.timeZone) : null,
    firstname: entry.firstname,
    lastname: entry.lastname,
    email: entry.email,
    quantity: entry.quantity,
    offer_expires_at: status === 'offered' ? toZonedIsoOrNull(entry.offerExpiresAt, activity.timeZone) : null,
    items: held.map((h) => ({
      ticket_id: h.ticketId,
      name: pickText(h.name, lang),
      quantity: h.quantity,
      price: money(h.priceMinor),
      total: money(h.priceMinor * h.quantity),
    })),
    total: money(held.reduce((sum, h) => sum + h.priceMinor * h.quantity, 0)),
    currency,
  };
}

/** The offer as its link shows it; a wrong token or another team: 404. */
export async function getOffer(deps: WaitingListDeps, teamId: number, entryId: number, token: string | undefined, lang: Language) {
  return offerView(deps.db, await offerEntry(deps.db, teamId, entryId, token), lang);
}

/**
 * The offer's held seats as a checkout reservation (the reply of `POST …/reservations`): its token
 * is the offer's holder, which the checkout takes as `reservation_token`. 409 once the offer is over.
 */
export async function claimOffer(
  deps: WaitingListDeps,
  teamId: number,
  entryId: number,
  token: string,
  lang: Language,
): Promise<ReservationReply> {
  const entry = await offerEntry(deps.db, teamId, entryId, token);
  const view = await offerView(deps.db, entry, lang);
  if (view.status !== 'offered' || !entry.offerHolder?.startsWith(WAITING_LIST_HOLDER_PREFIX) || !view.offer_expires_at)
    throw conflict('waitinglist:offer.over');
  return {
    token: entry.offerHolder,
    expires_at: entry.offerExpiresAt!.toISOString(),
    items: view.items.map((i) => ({
      ticket_id: i.ticket_id,
      activity_id: entry.activityId,
      name: i.name ? `${view.activity_name} – ${i.name}` : view.activity_name,
      quantity: i.quantity,
      price: i.price,
      total: i.total,
    })),
    total: view.total,
    currency: view.currency,
  };
}

/** The customer declines: the entry leaves the line and the seats go to the next. 409 once the offer is over. */
export async function declineOffer(deps: WaitingListDeps, teamId: number, entryId: number, token: string, lang: Language) {
  const entry = await offerEntry(deps.db, teamId, entryId, token);
  if (entry.status !== 'offered' || !(await removeEntry(deps, entry, { actor: 'customer' }, 'declined')))
    throw conflict('waitinglist:offer.over');
  return getOffer(deps, teamId, entryId, token, lang);
}
