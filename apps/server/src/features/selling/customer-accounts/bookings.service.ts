import { minorToDecimal, pickText, type Language, type MyBooking } from '@bookla/shared';
import { AppError } from '../../../lib/app-error.ts';
import type { PaymentDeps } from '../payments/index.ts';
import { orderToken } from '../orders/index.ts';
import { quoteOrders, toQuote } from './cancellation.service.ts';
import * as repo from './customer-accounts.repo.ts';

/**
 * "My bookings": the team's orders placed with the customer's address (this team's only), newest
 * first, each with its status, the order page's key, its documents and whether (and how) it can
 * be cancelled now. Only for a confirmed address (403 before): the address is the key to the orders.
 */
const TICKET_STATUSES = new Set(['paid', 'free', 'partially-refunded']);

export async function myBookings(
  deps: PaymentDeps,
  teamId: number,
  customer: repo.CustomerRow,
  page: number,
  perPage: number,
  lang: Language,
): Promise<{ rows: MyBooking[]; total: number }> {
  if (!customer.emailVerifiedAt) throw new AppError('FORBIDDEN', 'customer-accounts:unverified');
  const team = await repo.findTeam(deps.db, teamId);
  if (!team) return { rows: [], total: 0 };
  const { rows, total } = await repo.bookingPage(deps.db, teamId, customer.email, page, perPage);
  const ids = rows.map((r) => r.id);
  const [lines, quotes] = await Promise.all([repo.bookingLines(deps.db, teamId, ids), quoteOrders(deps.db, teamId, rows)]);
  return {
    total,
    rows: rows.map((o) => {
      const own = lines.filter((l) => l.orderId === o.id);
      const activities = new Map<string, MyBooking['activities'][number]>();
      for (const l of own) {
        const key = l.activityId === null ? `name:${JSON.stringify(l.activityName)}` : `id:${l.activityId}`;
        if (!activities.has(key))
          activities.set(key, {
            id: l.activityId,
            name: pickText(l.activityName, lang),
            starts_at: l.startsAt ? l.startsAt.toISOString() : null,
          });
      }
      return {
        id: o.id,
        public_id: o.publicId,
        number: o.number,
        created_at: o.createdAt.toISOString(),
        payment_status: o.paymentStatus,
        payment_type: o.paymentType,
        paid_at: o.paidAt ? o.paidAt.toISOString() : null,
        currency: o.currency,
        total: minorToDecimal(o.totalMinor, o.currency),
        token: orderToken(deps.config, o),
        tickets_available: TICKET_STATUSES.has(o.paymentStatus),
        invoice_available: o.paymentType === 'invoice',
        activities: [...activities.values()],
        participants: own.reduce((n, l) => n + l.quantity, 0),
        cancellation: toQuote(quotes.get(o.id)!, o, team, lang),
      };
    }),
  };
}
