import {
  cancellationQuoteSchema,
  customerMeSchema,
  myBookingSchema,
  type CancellationQuote,
  type CustomerMe,
  type MyBooking,
} from '@bookla/shared/customer-accounts';
import type { ListResponse } from '@bookla/shared/pagination';
import { TEAM_ID } from './fixtures';

/** Tests only: customer-account replies as the server sends them, checked against the shared schemas. */

export const BASE = `/api/customer/teams/${TEAM_ID}`;

export function me(patch: Partial<CustomerMe> = {}): CustomerMe {
  return customerMeSchema.parse({
    id: 3,
    email: 'nina@example.ch',
    firstname: 'Nina',
    lastname: 'Keller',
    company: null,
    language: 'en',
    email_verified: true,
    has_password: true,
    ...patch,
  });
}

export function cancellation(patch: Partial<CancellationQuote> = {}): CancellationQuote {
  return cancellationQuoteSchema.parse({
    order_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    allowed: true,
    reason: null,
    mode: 'refund',
    currency: 'CHF',
    refund: 50,
    refund_minor: 5000,
    refund_method: 'online',
    kept: 0,
    free_until: '2031-03-12T18:00:00+01:00',
    late_allowed: false,
    message: 'You can cancel free of charge until 12 March 2031 at 18:00. CHF 50.00 will be refunded to your means of payment.',
    ...patch,
  });
}

export function booking(patch: Partial<MyBooking> = {}): MyBooking {
  return myBookingSchema.parse({
    id: 55,
    public_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    number: 1042,
    created_at: '2031-03-01T10:00:00+01:00',
    payment_status: 'paid',
    payment_type: 'stripe',
    paid_at: '2031-03-01T10:05:00+01:00',
    currency: 'CHF',
    total: 50,
    token: 'tok123',
    tickets_available: true,
    invoice_available: false,
    activities: [{ id: 1, name: 'Morning yoga', starts_at: '2031-03-14T18:00:00+01:00' }],
    participants: 2,
    cancellation: cancellation(),
    ...patch,
  });
}

export function bookingPage(data: MyBooking[], current = 1, last = 1): ListResponse<MyBooking> {
  return {
    data,
    meta: {
      current_page: current,
      last_page: last,
      per_page: 10,
      from: data.length ? 1 : null,
      to: data.length || null,
      total: data.length,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
}

/** The XSRF cookie as `GET /sanctum/csrf-cookie` sets it. */
export const XSRF = 'xsrf-token-1';
export function setXsrfCookie(value = XSRF): void {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}
export function clearXsrfCookie(): void {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}
