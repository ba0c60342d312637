import type { PublicActivity } from '@bookla/shared/catalogue-tickets';

/** Seats left at or below this show as "only n left". */
export const FEW_SEATS = 5;

export type Availability =
  | { kind: 'open' }
  | { kind: 'few'; left: number }
  | { kind: 'soldOut' }
  | { kind: 'waitingList' }
  | { kind: 'opensLater'; at: string }
  | { kind: 'none' };

/**
 * What a card says about seats: the most one ticket still has (tickets of different dates do
 * not add up, so a sum would promise too much), sold out — or "waiting list" when the activity
 * keeps one — and "opens on …" before booking starts.
 */
export function availabilityOf(a: PublicActivity, now = new Date()): Availability {
  if (a.booking_opens_at && new Date(a.booking_opens_at) > now) return { kind: 'opensLater', at: a.booking_opens_at };
  if (!a.tickets.length) return { kind: 'none' };
  const most = Math.max(...a.tickets.map((t) => t.stock_available));
  if (most <= 0) return a.waiting_list ? { kind: 'waitingList' } : { kind: 'soldOut' };
  return most <= FEW_SEATS ? { kind: 'few', left: most } : { kind: 'open' };
}

/** The lowest ticket price, or null without tickets. */
export function priceFrom(a: PublicActivity): { price: number; currency: string } | null {
  let best: { price: number; currency: string } | null = null;
  for (const t of a.tickets) if (!best || t.price < best.price) best = { price: t.price, currency: t.currency };
  return best;
}
