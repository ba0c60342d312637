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
 * The tickets a card speaks for: a course's tickets for all its dates, or all tickets where there
 * are none such (an event, or a course sold per date). A course's drop-in tickets for one date
 * (a free trial lesson, say) are noted beside the price: their seats and prices are not the course's.
 */
export function mainTickets(a: PublicActivity): PublicActivity['tickets'] {
  const whole = a.kind === 'course' ? a.tickets.filter((t) => t.session_id === null) : [];
  return whole.length ? whole : a.tickets;
}

/**
 * What a card says about seats: the most one of its main tickets still has (tickets of different
 * dates do not add up, so a sum would promise too much), sold out — or "waiting list" when the
 * activity keeps one — and "opens on …" before booking starts.
 */
export function availabilityOf(a: PublicActivity, now = new Date()): Availability {
  if (a.booking_opens_at && new Date(a.booking_opens_at) > now) return { kind: 'opensLater', at: a.booking_opens_at };
  if (!a.tickets.length) return { kind: 'none' };
  const most = Math.max(...mainTickets(a).map((t) => t.stock_available));
  if (most <= 0) return a.waiting_list ? { kind: 'waitingList' } : { kind: 'soldOut' };
  return most <= FEW_SEATS ? { kind: 'few', left: most } : { kind: 'open' };
}

export interface PriceRange {
  min: number;
  max: number;
  currency: string;
}

function rangeOf(tickets: PublicActivity['tickets']): PriceRange | null {
  if (!tickets.length) return null;
  const prices = tickets.map((t) => t.price);
  return { min: Math.min(...prices), max: Math.max(...prices), currency: tickets[0]!.currency };
}

/** A card's prices: its main tickets' range, and the range of a course's drop-in tickets (null: none). */
export function cardPrices(a: PublicActivity): { main: PriceRange | null; dropIn: PriceRange | null } {
  const main = mainTickets(a);
  return { main: rangeOf(main), dropIn: rangeOf(a.tickets.filter((t) => !main.includes(t))) };
}
