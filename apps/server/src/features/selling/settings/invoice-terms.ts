import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';

/**
 * When an invoice is due (issue 22 item 5): after the team's days, but never later than the day
 * before the first booked session, in the team's time zone — a customer pays before the course,
 * not after it. When that day is today or already past there is no day left to pay by bank
 * transfer: the invoice is not offered at all for such a cart (the quote leaves it out of its
 * payment methods, the order refuses it at `payment_method`); an online method or test mode still
 * can be. A cart without dates has no such limit.
 */

const DAY_MS = 86_400_000;

/** The calendar day of an instant in the zone, as days since 1970-01-01 (for day arithmetic). */
function dayNumber(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** The last second of the calendar day before the one `at` falls on, in the zone. */
function endOfDayBefore(at: Date, timeZone: string): Date {
  const p = zonedParts(at, timeZone);
  return new Date(zonedTimeToUtc({ year: p.year, month: p.month, day: p.day, hour: 0, minute: 0 }, timeZone).getTime() - 1000);
}

export interface InvoiceTermsInput {
  now: Date;
  /** The team's days until an invoice is due. */
  dueDays: number;
  /** The start of the first session the cart books (null: no dates). */
  firstSessionAt: Date | null;
  timeZone: string;
}

/** Whether an invoice can be offered: the day before the first booked session is still ahead. */
export function invoicePossible(input: Omit<InvoiceTermsInput, 'dueDays'>): boolean {
  if (!input.firstSessionAt) return true;
  return dayNumber(input.firstSessionAt, input.timeZone) - 1 > dayNumber(input.now, input.timeZone);
}

/** The invoice's due instant, or null when no invoice can be offered (see `invoicePossible`). */
export function invoiceDueAt(input: InvoiceTermsInput): Date | null {
  const plain = new Date(input.now.getTime() + input.dueDays * DAY_MS);
  if (!input.firstSessionAt) return plain;
  if (!invoicePossible(input)) return null;
  const latest = endOfDayBefore(input.firstSessionAt, input.timeZone);
  return plain < latest ? plain : latest;
}
