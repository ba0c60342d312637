import type { ReservationReply } from '@bookla/shared/selling';
import { shopApi } from './api';
import { readJson, removeKey, writeJson } from './storage';

/**
 * The seats held for this buyer (one reservation per team and browser tab), kept in
 * sessionStorage so a reload of the checkout keeps them. Released on cancel and on leaving.
 */
export interface HeldReservation extends ReservationReply {
  team_id: number;
  activity_id: number;
  /** The seats of a waiting-list offer (its entry): leaving the checkout keeps them; the offer page declines them. */
  waitinglist_entry?: number;
}

const key = (teamId: number) => `bookla.shop.${teamId}.reservation`;

export function loadReservation(teamId: number): HeldReservation | null {
  const r = readJson<HeldReservation>(key(teamId));
  return r && typeof r.token === 'string' && Array.isArray(r.items) && r.items.length ? r : null;
}

export function saveReservation(r: HeldReservation): void {
  writeJson(key(r.team_id), r);
}

export function forgetReservation(teamId: number): void {
  removeKey(key(teamId));
}

/**
 * Gives the seats back (best effort, also while the page goes away) and forgets them. A waiting-list
 * offer's seats are only forgotten: its link brings them back, and its page declines them.
 */
export function releaseReservation(teamId: number): void {
  const held = loadReservation(teamId);
  forgetReservation(teamId);
  if (held && !held.waitinglist_entry) void shopApi.release(held.token);
}

/** Holds the seats; a reservation held before is given back first. */
export async function reserve(
  teamId: number,
  activityId: number,
  items: { ticket_id: number; quantity: number }[],
): Promise<HeldReservation> {
  releaseReservation(teamId);
  const reply = await shopApi.reserve(teamId, items);
  const held: HeldReservation = { ...reply, team_id: teamId, activity_id: reply.items[0]?.activity_id ?? activityId };
  saveReservation(held);
  return held;
}
