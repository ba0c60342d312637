import { publicActivitySchema, type PublicActivity } from '@bookla/shared/catalogue-tickets';
import {
  publicOrderSchema as orderSchema,
  placeOrderReplySchema,
  publicFiltersSchema,
  publicTeamSchema,
  quoteReplySchema,
  reservationReplySchema,
  testPaymentSchema,
  type PublicOrder as Order,
  type PublicFilters,
  type PublicTeam,
  type QuoteReply,
  type ReservationReply,
  type TestPayment,
} from '@bookla/shared/selling';
import type { ActivityPage } from '../types';

/**
 * Replies as the server sends them, each checked against the shared schema: a fixture that
 * drifts from the contract fails here, not silently in a test.
 */

export const TEAM_ID = 7;

export function team(patch: Partial<PublicTeam> = {}): PublicTeam {
  return publicTeamSchema.parse({
    id: TEAM_ID,
    name: 'Yoga Loft',
    slug: 'yoga-loft',
    logo_url: 'https://shop.example/media/logo.png',
    primary_color: '#ffd400',
    languages: ['de', 'en'],
    currency: 'CHF',
    time_zone: 'Europe/Zurich',
    country: 'CH',
    payment_methods: ['invoice', 'test'],
    terms_url: 'https://yoga-loft.example/agb',
    charges_vat: true,
    offers_subscriptions: true,
    ...patch,
  });
}

type Ticket = PublicActivity['tickets'][number];

export function ticket(patch: Partial<Ticket> & { id: number }): Ticket {
  return {
    session_id: null,
    name: 'Adult',
    description: '',
    price: 25,
    price_minor: 2500,
    currency: 'CHF',
    tax_rate: 8.1,
    min_per_order: 1,
    max_per_order: null,
    stock_available: 10,
    sale_end: null,
    ...patch,
  };
}

export function activity(patch: Partial<PublicActivity> & { id: number }): PublicActivity {
  return publicActivitySchema.parse({
    kind: 'course',
    name: `Activity ${patch.id}`,
    description: 'Gentle flow for every level.\n\nBring a mat.',
    type_set: { id: 1, name: 'Yoga' },
    location: { id: 3, name: 'Studio Nord', address: 'Seestrasse 1', postal_code: '8002', city: 'Zürich', country: 'CH' },
    header_image: { list_url: `/media/img${patch.id}/list.webp`, detail_url: `/media/img${patch.id}/detail.webp` },
    booking_opens_at: null,
    waiting_list: false,
    cancellation_policy: '',
    next_session_at: '2031-03-14T18:00:00+01:00',
    sessions: [
      { id: 100 + patch.id, starts_at: '2031-03-14T18:00:00+01:00', ends_at: '2031-03-14T19:30:00+01:00', note: '' },
      { id: 200 + patch.id, starts_at: '2031-03-21T18:00:00+01:00', ends_at: '2031-03-21T19:30:00+01:00', note: 'Room 2' },
    ],
    tickets: [ticket({ id: 10 * patch.id })],
    products: [],
    booking_fields: [],
    attributes: [],
    ...patch,
  });
}

export function page(data: PublicActivity[], current = 1, last = 1, total = data.length): ActivityPage {
  return {
    data,
    meta: { current_page: current, last_page: last, per_page: 12, from: data.length ? 1 : null, to: data.length || null, total },
  };
}

export const filters = (): PublicFilters =>
  publicFiltersSchema.parse({
    type_sets: [
      { id: 1, name: 'Yoga' },
      { id: 2, name: 'Pilates' },
    ],
    locations: [
      { id: 3, name: 'Studio Nord', city: 'Zürich' },
      { id: 4, name: 'Studio Süd', city: 'Bern' },
    ],
    attributes: [
      {
        id: 12,
        name: 'Level',
        type: 'select',
        options: [
          { value: 'beginner', label: 'Beginner' },
          { value: 'advanced', label: 'Advanced' },
        ],
      },
      // One value only: nothing to choose, so no filter.
      { id: 13, name: 'Language', type: 'select', options: [{ value: 'de', label: 'German' }] },
    ],
  });

export function testPayment(patch: Partial<TestPayment> = {}): TestPayment {
  return testPaymentSchema.parse({
    id: 9,
    team_id: TEAM_ID,
    team_name: 'Yoga Loft',
    order_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    order_number: 1042,
    amount: 45,
    amount_minor: 4500,
    currency: 'CHF',
    status: 'pending',
    payment_status: 'waiting',
    order_url: `${window.location.origin}/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123&payment=return`,
    can_save_card: false,
    ...patch,
  });
}

export function reservation(patch: Partial<ReservationReply> = {}): ReservationReply {
  return reservationReplySchema.parse({
    token: 'tok_abcdefghijkl',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    items: [{ ticket_id: 10, activity_id: 1, name: 'Activity 1 – Adult', quantity: 2, price: 25, total: 50 }],
    total: 50,
    currency: 'CHF',
    ...patch,
  });
}

export function quote(patch: Partial<QuoteReply> = {}): QuoteReply {
  return quoteReplySchema.parse({
    subtotal: 50,
    discount_total: 0,
    tax_total: 3.75,
    total: 50,
    currency: 'CHF',
    discount_code: null,
    payment_methods: ['free', 'invoice', 'test'],
    ...patch,
  });
}

/** A public order: `id` is its public id. */
export const ORDER_ID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

export function order(patch: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: ORDER_ID,
    number: 1042,
    created_at: '2031-03-01T10:00:00+01:00',
    company: null,
    salutation: null,
    firstname: 'Anna',
    lastname: 'Muster',
    email: 'anna@example.ch',
    phone: null,
    language: 'en',
    currency: 'CHF',
    payment_type: 'invoice',
    payment_status: 'waiting',
    paid_at: null,
    hold_until: null,
    invoice_due_at: '2031-03-31T00:00:00+02:00',
    order_items: [
      {
        id: 1,
        ticket_id: 10,
        activity_id: 1,
        session_id: null,
        name: 'Activity 1 – Adult',
        activity_name: 'Activity 1',
        ticket_name: 'Adult',
        quantity: 2,
        price: 25,
        total: 50,
        tax_rate: 8.1,
        options: [],
        participants: [
          { id: 1, firstname: 'Anna', lastname: 'Muster', email: null, ticket_code: 'c1', checked_in_at: null },
          { id: 2, firstname: 'Ben', lastname: 'Muster', email: null, ticket_code: 'c2', checked_in_at: null },
        ],
      },
    ],
    options: [],
    subtotal: 50,
    discount_code: null,
    discount_total: 0,
    tax_total: 3.75,
    taxes: [{ rate: 8.1, tax: 3.75, gross: 50 }],
    total: 50,
    total_minor: 5000,
    paid: 0,
    refunded: 0,
    remaining: 0,
    credit_notes: [],
    ...patch,
  });
}

export function placed(o: Order, paymentUrl: string | null = null) {
  return placeOrderReplySchema.parse({
    order: o,
    order_url: `${window.location.origin}/en/shop/${TEAM_ID}/order/${o.id}?token=tok123`,
    payment_url: paymentUrl,
  });
}
