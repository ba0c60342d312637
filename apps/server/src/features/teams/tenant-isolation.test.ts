import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  activitySessions,
  apiTokens,
  invitations,
  locations,
  memberships,
  orderParticipants,
  orders,
  platformInvoices,
  resources,
  sessionResources,
  sessions,
  subscriptions,
  subscriptionTiers,
  teamHolidays,
  teamMembers,
  teams,
  waitingListEntries,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, lastMail, loginAs, uid } from '../../test/factories.ts';
import { makeOrder } from '../../test/selling-factories.ts';
import { queueExportJob } from '../operations/exports/index.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../test/subscription-factories.ts';

/**
 * Tenant isolation sweep: every route of the app, called as company B's owner.
 * - Routes with a path parameter naming a record get company A's ids and must answer 403/404.
 * - Routes without one must not show anything of company A.
 * - Public routes are listed explicitly. A new route that fits none of these fails this test:
 *   add a case for it (or, if it really is public, an allow-list entry).
 */

/** Public routes: no session needed, nothing of a company behind them (beyond what the link proves). */
const PUBLIC: RegExp[] = [
  /^GET \/sanctum\/csrf-cookie$/,
  // Liveness and readiness say nothing of any company (readiness answers 503 here: no jobs runner in tests).
  /^GET \/api\/(health|ready)$/,
  /^GET \/api\/srl\/options\/\w+$/,
  /^GET \/api\/faq$/,
  /^GET \/api\/content\/:type(\/:group)?$/,
  /^GET \/api\/docs(\/.*)?$/,
  /^POST \/api\/srl\/validator\/[\w/]+$/,
  /^POST \/api\/srl\/register$/,
  /^POST \/api\/srl\/login(\/two-factor)?$/,
  /^POST \/api\/srl\/password\/reset\/(mail|submit)$/,
  /^POST \/(api\/)?customer\/password\/reset\/(mail|submit)$/,
  /^GET \/api\/srl\/email\/verify\/:id\/:hash$/,
  /^POST \/api\/srl\/email\/verify\/resend\/:userId$/,
  /^GET \/api\/srl\/team\/:teamid\/invite\/:invitationid\/validate\/:hash$/,
  /^POST \/api\/srl\/team\/:teamid\/invite\/:invitationid\/accept\/:hash$/,
  /^GET \/api\/language\/change\/:lang$/,
  /^GET \/avatar\/team\/:id$/,
  /^GET \/media\/:key\/:variant$/,
  // The public read model shows published activities of the team in the path, by design.
  /^GET \/api\/public\/teams\/:teamId\/activities(\/:id)?$/,
  /^GET \/api\/public\/teams\/:teamId\/filters$/,
  // The customer's order: the token of the order link is the key (a wrong one: 404, see public-orders.test.ts).
  /^GET \/api\/public\/orders\/:id$/,
  /^POST \/api\/public\/orders\/:id\/cancel$/,
  // The order's public id (a UUID) with its link's token (confirming a hold); the fresh-link request
  // mails a new link only to the order's own address and answers alike (see selling/orders, issue 20).
  /^POST \/api\/public\/orders\/:id\/(confirm|fresh-link)$/,
  // Self-service cancellation behind the order link: its token is the key (see selling/customer-accounts/cancellation.test.ts).
  /^(GET|POST) \/api\/public\/orders\/:id\/cancellation$/,
  // Shop customer accounts: the customer session of the team in the path is the key (none, or another
  // team's: no customer, 401; another's order: 404; another's membership in the quote: 422 at the
  // participant; see selling/customer-accounts/*.test.ts).
  /^(GET|POST) \/api\/customer\/teams\/:teamId\/(me|register|login|logout|magic-link|link|verification\/resend|password|bookings|memberships|orders|quote)$/,
  /^(GET|POST) \/api\/customer\/teams\/:teamId\/orders\/:id\/cancellation$/,
  /^POST \/api\/customer\/teams\/:teamId\/memberships\/:id\/(cancel|update-card)$/,
  // The checkout, open to every buyer by design: the team in the path sells only its own tickets
  // (another team's ticket or product id: 422/404, see selling/orders/place-order.test.ts and
  // checkout-hostile.test.ts); a reservation's token is its only key.
  /^POST \/api\/public\/teams\/:teamId\/(reservations|quote|orders)$/,
  /^DELETE \/api\/public\/reservations\/:token$/,
  // A shop's public face (name, logo, payment methods), by design; by id or slug.
  /^GET \/api\/public\/teams\/:teamId$/,
  // The Stripe webhook: the signature is the key (bad or missing: 400, see selling/payments/stripe-payments.test.ts).
  /^POST \/api\/webhooks\/stripe$/,
  // The test-mode payment page: its link's token is the key (wrong token, another team, test mode off: 404).
  /^(GET|POST) \/api\/public\/test-payments\/:paymentId$/,
  // The customer's order documents: the order link's token is the key (see selling/documents/documents.test.ts).
  /^GET \/api\/public\/orders\/:id\/(tickets|invoice|receipt)\.pdf$/,
  /^GET \/api\/public\/orders\/:id\/credit-notes\/:index\.pdf$/,
  // Calendar feeds (CONTRACT §8): the team's published programme, by design; an instructor's feed and
  // an order's file behind their own tokens (unknown, revoked or another order's: 404, see selling/calendar).
  /^GET \/:lang\/shop\/:teamId\/calendar\.ics$/,
  /^GET \/api\/public\/instructor-calendars\/:token\.ics$/,
  /^GET \/api\/public\/orders\/:id\/calendar\.ics$/,
  // The waiting list's sign-up (published activities of the team in the path, by design), and its
  // links: the removal or offer token is the key (wrong token, another team: 404, see selling/waitinglist).
  /^POST \/api\/public\/teams\/:teamId\/waitinglist$/,
  /^(GET|POST) \/api\/public\/waitinglist\/:id\/remove$/,
  // The shop's subscriptions: the published ones of the team in the path, by design (feature off: 404).
  /^GET \/api\/public\/teams\/:teamId\/subscriptions$/,
  /^(GET \/api\/public\/teams\/:teamId\/waitinglist\/:id|POST \/api\/public\/teams\/:teamId\/waitinglist\/:id\/(claim|decline))$/,
];

interface World {
  teamId: number;
  ownerId: number;
  memberId: number;
  invitationId: number;
  sessionId: string;
  locationId: number;
  typeSetId: number;
  activityId: number;
  ticketId: number;
  productId: number;
  activitySessionId: number;
  holidayId: number;
  resourceGroupId: number;
  resourceId: number;
  attributeId: number;
  fieldId: number;
  discountId: number;
  /** Check-in: a paid ticket's code. */
  ticketCode: string;
  /** Orders: the paid order of that ticket, and an unpaid one. */
  orderId: number;
  openOrderId: number;
  /** Exports: an export job of A's owner. */
  exportId: number;
  /** Email archive: a mail of company A (the invitation's). */
  emailId: number;
  /** Waiting list: an entry of A's course. */
  waitingEntryId: number;
  /** Subscriptions: A's subscription, its tier and a member. */
  subscriptionId: number;
  tierId: number;
  membershipId: number;
  /** API tokens: A's token (all scopes). */
  apiTokenId: number;
  /** Webhooks: A's endpoint and a delivery of it. */
  webhookId: number;
  webhookDeliveryId: number;
  /** Platform invoices: A's invoice of a month. */
  platformInvoiceId: number;
}

interface Call {
  params: Record<string, string | number>;
  body?: unknown;
}

/** Routes with record ids: which of A's records each parameter names, and a valid body. */
const ID_CASES: Record<string, (a: World) => Call> = {
  'POST /api/srl/team/switch/:teamId': (a) => ({ params: { teamId: a.teamId } }),
  'GET /api/team/:id/additional/settings': (a) => ({ params: { id: a.teamId } }),
  'PUT /api/team/members/:userId': (a) => ({ params: { userId: a.memberId }, body: { role: 'admin' } }),
  'DELETE /api/team/members/:userId': (a) => ({ params: { userId: a.memberId } }),
  'DELETE /api/team/invitations/:id': (a) => ({ params: { id: a.invitationId } }),
  'POST /api/team/invitations/:id/resend': (a) => ({ params: { id: a.invitationId } }),
  'DELETE /api/profile/sessions/:id': (a) => ({ params: { id: a.sessionId } }),
  'DELETE /api/tokens/:id': (a) => ({ params: { id: a.apiTokenId } }),
  // Internal staff only (bexio, CONTRACT §6): B's owner and B's token are refused (403) before any invoice is read.
  'POST /api/platform/invoices/:id/sync': () => ({ params: { id: 1 } }),
  // Platform invoices (CONTRACT §6): staff-only calls refuse B (403); under Billing, A's invoice is not found for B (404).
  'GET /api/platform/invoices/:id/pdf': (a) => ({ params: { id: a.platformInvoiceId } }),
  'POST /api/platform/invoices/:id/paid': (a) => ({ params: { id: a.platformInvoiceId } }),
  'GET /api/team/platform-invoices/:id/pdf': (a) => ({ params: { id: a.platformInvoiceId } }),
  'GET /api/webhooks/:id': (a) => ({ params: { id: a.webhookId } }),
  'PUT /api/webhooks/:id': (a) => ({ params: { id: a.webhookId }, body: { enabled: false } }),
  'DELETE /api/webhooks/:id': (a) => ({ params: { id: a.webhookId } }),
  'GET /api/webhooks/:id/deliveries': (a) => ({ params: { id: a.webhookId } }),
  'POST /api/webhooks/:id/test': (a) => ({ params: { id: a.webhookId } }),
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': (a) => ({ params: { id: a.webhookId, deliveryId: a.webhookDeliveryId } }),
  'GET /api/course/locations/:id': (a) => ({ params: { id: a.locationId } }),
  'PUT /api/course/locations/:id': (a) => ({ params: { id: a.locationId }, body: locationBody('B Ort') }),
  'DELETE /api/course/locations/:id': (a) => ({ params: { id: a.locationId } }),
  'GET /api/courses/:id': (a) => ({ params: { id: a.activityId } }),
  'PUT /api/courses/:id': (a) => ({ params: { id: a.activityId }, body: { name: { de: 'B', en: 'B' }, status: 'published' } }),
  'DELETE /api/courses/:id': (a) => ({ params: { id: a.activityId } }),
  'POST /api/courses/:id/header-image': (a) => ({ params: { id: a.activityId } }),
  'DELETE /api/courses/:id/header-image': (a) => ({ params: { id: a.activityId } }),
  'GET /api/courses/:id/tickets': (a) => ({ params: { id: a.activityId } }),
  'POST /api/courses/:id/tickets': (a) => ({ params: { id: a.activityId }, body: ticketBody('B Ticket') }),
  'PUT /api/courses/:id/tickets/:ticketId': (a) => ({ params: { id: a.activityId, ticketId: a.ticketId }, body: { stock: 1 } }),
  'DELETE /api/courses/:id/tickets/:ticketId': (a) => ({ params: { id: a.activityId, ticketId: a.ticketId } }),
  'GET /api/course/options/:id': (a) => ({ params: { id: a.productId } }),
  'PUT /api/course/options/:id': (a) => ({ params: { id: a.productId }, body: productBody('B Produkt') }),
  'DELETE /api/course/options/:id': (a) => ({ params: { id: a.productId } }),
  'GET /api/courses/:id/products': (a) => ({ params: { id: a.activityId } }),
  'PUT /api/courses/:id/products': (a) => ({ params: { id: a.activityId }, body: { items: [] } }),
  'GET /api/courses/:id/sessions': (a) => ({ params: { id: a.activityId } }),
  'POST /api/courses/:id/sessions': (a) => ({ params: { id: a.activityId }, body: sessionBody }),
  'POST /api/courses/:id/sessions/generate': (a) => ({
    params: { id: a.activityId },
    body: { frequency: 'weekly', first_date: '2026-06-01', start_time: '10:00', end_time: '11:00', count: 2 },
  }),
  'PUT /api/courses/:id/sessions/:sessionId': (a) => ({ params: { id: a.activityId, sessionId: a.activitySessionId }, body: sessionBody }),
  'DELETE /api/courses/:id/sessions/:sessionId': (a) => ({ params: { id: a.activityId, sessionId: a.activitySessionId } }),
  'POST /api/courses/:id/sessions/:sessionId/cancel': (a) => ({ params: { id: a.activityId, sessionId: a.activitySessionId } }),
  'POST /api/courses/:id/sessions/:sessionId/restore': (a) => ({ params: { id: a.activityId, sessionId: a.activitySessionId } }),
  'PUT /api/courses/:id/sessions/:sessionId/resources': (a) => ({
    params: { id: a.activityId, sessionId: a.activitySessionId },
    body: { items: [{ resource_id: a.resourceId, quantity: 1 }], confirm: true },
  }),
  'PUT /api/courses/:id/sessions/resources': (a) => ({
    params: { id: a.activityId },
    body: { session_ids: [a.activitySessionId], items: [{ resource_id: a.resourceId, quantity: 1 }], confirm: true },
  }),
  'PUT /api/config/holidays/:id': (a) => ({ params: { id: a.holidayId }, body: holidayBody('B Ferien') }),
  'DELETE /api/config/holidays/:id': (a) => ({ params: { id: a.holidayId } }),
  'GET /api/sa/resources/:id': (a) => ({ params: { id: a.resourceGroupId } }),
  'PUT /api/sa/resources/:id': (a) => ({ params: { id: a.resourceGroupId }, body: resourceGroupBody('B Raum') }),
  'DELETE /api/sa/resources/:id': (a) => ({ params: { id: a.resourceGroupId } }),
  'GET /api/sa/resources/:id/bookings': (a) => ({ params: { id: a.resourceGroupId } }),
  'GET /api/sa/resources/:id/calendar-feeds': (a) => ({ params: { id: a.resourceGroupId } }),
  'POST /api/sa/instructors/:id/calendar-feed': (a) => ({ params: { id: a.resourceId } }),
  'DELETE /api/sa/instructors/:id/calendar-feed': (a) => ({ params: { id: a.resourceId } }),
  'GET /api/course/type_sets/:id': (a) => ({ params: { id: a.typeSetId } }),
  'PUT /api/course/type_sets/:id': (a) => ({ params: { id: a.typeSetId }, body: { name: { de: 'B', en: 'B' }, kind: 'event' } }),
  'DELETE /api/course/type_sets/:id': (a) => ({ params: { id: a.typeSetId } }),
  'GET /api/course/attributes/:id': (a) => ({ params: { id: a.attributeId } }),
  'PUT /api/course/attributes/:id': (a) => ({ params: { id: a.attributeId }, body: { type: 'number', label: { de: 'B', en: 'B' } } }),
  'DELETE /api/course/attributes/:id': (a) => ({ params: { id: a.attributeId } }),
  'GET /api/course/fields/:id': (a) => ({ params: { id: a.fieldId } }),
  'PUT /api/course/fields/:id': (a) => ({ params: { id: a.fieldId }, body: { type: 'text', label: { de: 'B', en: 'B' } } }),
  'DELETE /api/course/fields/:id': (a) => ({ params: { id: a.fieldId } }),
  'GET /api/courses/:id/attributes': (a) => ({ params: { id: a.activityId } }),
  'PUT /api/courses/:id/attributes': (a) => ({ params: { id: a.activityId }, body: { values: [] } }),
  'GET /api/courses/:id/fields': (a) => ({ params: { id: a.activityId } }),
  'PUT /api/courses/:id/fields': (a) => ({ params: { id: a.activityId }, body: { field_ids: [] } }),
  'GET /api/discounts/:id': (a) => ({ params: { id: a.discountId } }),
  'PUT /api/discounts/:id': (a) => ({ params: { id: a.discountId }, body: discountBody('B-CODE') }),
  'DELETE /api/discounts/:id': (a) => ({ params: { id: a.discountId } }),
  // Check-in: A's ticket code is not found for B.
  'GET /api/tickets/:code': (a) => ({ params: { code: a.ticketCode } }),
  'POST /api/tickets/:code/checkin': (a) => ({ params: { code: a.ticketCode } }),
  'DELETE /api/tickets/:code/checkin': (a) => ({ params: { code: a.ticketCode } }),
  // The scanner's offline list: A's date is not found for B.
  'GET /api/checkin/sessions/:sessionId/tickets': (a) => ({ params: { sessionId: a.activitySessionId } }),
  // Orders: A's orders are not found for B, and B cannot mark them paid or cancel them.
  'GET /api/orders/:id': (a) => ({ params: { id: a.orderId } }),
  'GET /api/orders/:id/tickets.pdf': (a) => ({ params: { id: a.orderId } }),
  'GET /api/orders/:id/invoice.pdf': (a) => ({ params: { id: a.orderId } }),
  'GET /api/orders/:id/receipt.pdf': (a) => ({ params: { id: a.orderId } }),
  'GET /api/orders/:id/credit-notes/:index.pdf': (a) => ({ params: { id: a.orderId, index: 1 } }),
  'POST /api/orders/:id/mark-paid': (a) => ({ params: { id: a.openOrderId } }),
  'POST /api/orders/:id/cancel': (a) => ({ params: { id: a.openOrderId } }),
  // The order edit page: B cannot change, refund or resend A's orders (valid bodies, so the handler answers).
  'PUT /api/orders/:id': (a) => ({
    params: { id: a.orderId },
    body: { customer: { firstname: 'B', lastname: 'B', email: 'b@example.net' }, answers: {}, participants: [] },
  }),
  'POST /api/orders/:id/refund': (a) => ({ params: { id: a.orderId }, body: {} }),
  'POST /api/orders/:id/resend': (a) => ({ params: { id: a.orderId } }),
  // B cannot void the customer links of A's order.
  'POST /api/orders/:id/revoke-links': (a) => ({ params: { id: a.orderId } }),
  // Customers and exports: A's customer (by an order of theirs) and A's export job are not found for B.
  'GET /api/customers/orders/:id/orders': (a) => ({ params: { id: a.orderId } }),
  'GET /api/exports/:id': (a) => ({ params: { id: a.exportId } }),
  'GET /api/exports/:id/download': (a) => ({ params: { id: a.exportId } }),
  // Email archive: A's mails are not found for B, and B cannot send them again.
  'GET /api/archive/emails/:id': (a) => ({ params: { id: a.emailId } }),
  'POST /api/archive/emails/:id/resend': (a) => ({ params: { id: a.emailId } }),
  // Waiting list: A's entry is not found for B, never offered seats or removed.
  'GET /api/waitinglist/:id': (a) => ({ params: { id: a.waitingEntryId } }),
  'POST /api/waitinglist/:id/offer': (a) => ({ params: { id: a.waitingEntryId } }),
  'POST /api/waitinglist/:id/remove': (a) => ({ params: { id: a.waitingEntryId } }),
  // Subscriptions (feature on for both): A's subscription, tier and member are not found for B.
  'GET /api/subscriptions/:id': (a) => ({ params: { id: a.subscriptionId } }),
  'PUT /api/subscriptions/:id': (a) => ({ params: { id: a.subscriptionId }, body: { status: 'draft' } }),
  'DELETE /api/subscriptions/:id': (a) => ({ params: { id: a.subscriptionId } }),
  'POST /api/subscriptions/:id/tiers': (a) => ({
    params: { id: a.subscriptionId },
    body: { name: { de: 'B', en: 'B' }, price: '1', interval: 'month' },
  }),
  'GET /api/subscriptions/:id/tiers/:tierId': (a) => ({ params: { id: a.subscriptionId, tierId: a.tierId } }),
  'PUT /api/subscriptions/:id/tiers/:tierId': (a) => ({ params: { id: a.subscriptionId, tierId: a.tierId }, body: { active: false } }),
  'DELETE /api/subscriptions/:id/tiers/:tierId': (a) => ({ params: { id: a.subscriptionId, tierId: a.tierId } }),
  'GET /api/subscriptions/:id/members': (a) => ({ params: { id: a.subscriptionId } }),
  'GET /api/subscriptions/:id/members/:memberId': (a) => ({ params: { id: a.subscriptionId, memberId: a.membershipId } }),
  'POST /api/subscriptions/:id/members/:memberId/cancel': (a) => ({
    params: { id: a.subscriptionId, memberId: a.membershipId },
    body: { mode: 'now' },
  }),
  'POST /api/subscriptions/:id/members/:memberId/credits': (a) => ({
    params: { id: a.subscriptionId, memberId: a.membershipId },
    body: { credits: 5 },
  }),
};

const locationBody = (name: string) => ({ name: { de: name, en: name }, postal_code: '7000', city: 'Chur', country: 'CH' });
const ticketBody = (name: string) => ({ name: { de: name, en: name }, price: '10.00', stock: 5 });
const productBody = (name: string) => ({ name: { de: name, en: name }, price: '4.50' });
const discountBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  type: 'percent',
  value: '10',
  active: true,
  ...extra,
});
const sessionBody = { starts_at: '2026-06-01T10:00', ends_at: '2026-06-01T11:00' };
const holidayBody = (name: string) => ({ name: { de: name, en: name }, starts_on: '2026-07-01', ends_on: '2026-07-10' });
const resourceGroupBody = (name: string) => ({
  name: { de: name, en: name },
  kind: 'room',
  resources: [{ name: { de: name, en: name }, capacity: 1 }],
});

/** Parameters that name no record: sample values; the route is then swept like one without ids. */
const NON_RECORD_PARAMS: Record<string, Record<string, string>> = {
  'GET /api/srl/permission/:name': { name: 'team.manage' },
};

/** Valid bodies for routes without ids, so their handlers run (as B, on B's own data). */
const BODIES: Record<string, () => unknown> = {
  'POST /api/team': () => ({
    name: `B Zweitfirma ${uid()}`,
    phone_prefix: '+41',
    phone_number: '1',
    currency: 'CHF',
    languages: ['de'],
    time_zone: 'Europe/Zurich',
    billing_address: 'Weg 1',
    billing_city: 'Chur',
    billing_postal_code: '7000',
    billing_country: 'CH',
  }),
  'PUT /api/team/general': () => ({
    name: `B Renamed ${uid()}`,
    phone_prefix: '+41',
    phone_number: '2',
    currency: 'CHF',
    languages: ['de'],
    time_zone: 'Europe/Zurich',
  }),
  'PUT /api/team/billing': () => ({ billing_address: 'Weg 2', billing_city: 'Chur', billing_postal_code: '7000', billing_country: 'CH' }),
  'PUT /api/team/security': () => ({ require_2fa: false }),
  // B's own plan (no id): B's waiting upgrade, nothing of A.
  'PUT /api/team/plan': () => ({ plan: 'business' }),
  'PUT /api/config/features': () => ({ embeds: false }),
  'PUT /api/config/tax': () => ({ charges_vat: false, rates: [{ rate: '8.1', label: { de: 'Normal' } }], default_rate: '8.1' }),
  'PUT /api/config/integration': () => ({ test_mode: { enabled: true }, branding: { slug: `beta-${uid()}` } }),
  // B naming A's staff as its recipients: refused (422), nothing of A in the reply.
  'PUT /api/config/notifications': () => ({ recipients: [a.ownerId, a.memberId], events: [], delivery: 'digest' }),
  'POST /api/team/invitations': () => ({ email: `b-invitee-${uid()}@example.net`, role: 'editor' }),
  'PUT /api/profile': () => ({ salutation: 'mr', firstname: 'Bruno', lastname: 'Beispiel', language: 'de' }),
  // Company A's type set: B must get 422 (not found in B's company), never a course in A.
  'POST /api/course/store': () => ({ type_set_id: a.typeSetId, name: { de: 'B Kurs', en: 'B Kurs' } }),
  'POST /api/course/locations': () => locationBody(`B Ort ${uid()}`),
  'POST /api/course/options': () => productBody(`B Produkt ${uid()}`),
  // Company A's activity: 422 for B, never a discount on A's activity.
  'POST /api/discounts': () => discountBody(`B-${uid()}`, { activity_ids: [a.activityId] }),
  // Company A's activity and type set: 422 for B, never a subscription covering them.
  'POST /api/subscriptions': () => ({ name: { de: 'B Abo', en: 'B Abo' }, activity_ids: [a.activityId], type_set_ids: [a.typeSetId] }),
  // A's ticket code in B's offline sync: not_found, never checked in (see "left company A as it was").
  'POST /api/checkin/sync': () => ({ scans: [{ code: a.ticketCode, scanned_at: new Date().toISOString() }] }),
  'POST /api/config/holidays': () => holidayBody(`B Ferien ${uid()}`),
  'POST /api/sa/resources': () => resourceGroupBody(`B Raum ${uid()}`),
  // An export filtered by company A's activity: B's own (empty) participants, nothing of A.
  'POST /api/exports': () => ({ type: 'participants', format: 'csv', columnFilters: { activity_id: String(a.activityId) } }),
  // B dismisses its own introduction checklist; A's stays as it was.
  'PUT /api/dashboard/checklist': () => ({ completed: true }),
  // Company A's resource and session: 422 for B, no conflicts of A shown.
  'POST /api/sa/conflicts/check': () => ({
    session_id: a.activitySessionId,
    starts_at: '2026-06-01T10:00',
    ends_at: '2026-06-01T11:00',
    items: [{ resource_id: a.resourceId, quantity: 1 }],
  }),
  // Company A's attribute and field: 422 for B, never linked into B's records.
  'POST /api/course/type_sets': () => ({
    name: { de: 'B Typ', en: 'B Typ' },
    kind: 'course',
    attributes: [{ attribute_id: a.attributeId }],
    fields: [a.fieldId],
  }),
  'POST /api/course/attributes': () => ({ type: 'text', label: { de: `B Attribut ${uid()}`, en: 'B' } }),
  'POST /api/course/fields': () => ({ type: 'text', label: { de: 'B Feld', en: 'B' }, visible_if: { field_id: a.fieldId, values: [] } }),
  // Company A's ids: ignored for B (affected 0), never published, copied or deleted.
  'POST /api/courses/mass': () => ({ action: 'publish', ids: [a.activityId] }),
  // Company A's orders: not found for B (per-id results), never marked paid or mailed.
  'POST /api/orders/bulk': () => ({ action: 'mark-paid', ids: [a.openOrderId, a.orderId] }),
  // Company A's location: 422 for B.
  'PUT /api/config/course/defaults': () => ({
    tax_rate: '8.1',
    reservation_minutes: 15,
    booking_closes_minutes: 0,
    waiting_list: false,
    location_id: a.locationId,
    session_minutes: 60,
  }),
};

/** `printRoutes({commonPrefix: false})` → "METHOD /path" for every route (HEAD/OPTIONS left out). */
export function listRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${path}`);
    }
  }
  return out;
}

const fill = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });

let t: TestApp;
let app: FastifyInstance;
let a: World;
let secrets: string[];
let bEmail: string;
let bTeamId: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = app.deps.db;
  const tag = uid();
  const aOwner = await createUserWithTeam(db, { teamName: `Alpha Isolation ${tag} AG`, email: `alpha-owner-${tag}@alpha.example` });
  const aMember = await createUserWithTeam(db, { teamId: aOwner.team.id, role: 'editor', email: `alpha-member-${tag}@alpha.example` });
  const aClient = await loginAs(app, aOwner.user.email);
  const inviteEmail = `alpha-invitee-${tag}@alpha.example`;
  const inv = await aClient.post('/api/team/invitations', { email: inviteEmail, role: 'instructor' });
  expect(inv.statusCode).toBe(200);
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, aOwner.user.id));
  const typeSetId = (await aClient.get('/api/course/type_sets')).json().data[0].id;
  const course = await aClient.post('/api/course/store', {
    type_set_id: typeSetId,
    name: { de: `Alpha Kurs ${tag}`, en: `Alpha Course ${tag}` },
  });
  expect(course.statusCode).toBe(200);
  const place = await aClient.post('/api/course/locations', locationBody(`Alpha Ort ${tag}`));
  expect(place.statusCode).toBe(200);
  const ticket = await aClient.post(`/api/courses/${course.json().course_id}/tickets`, ticketBody(`Alpha Ticket ${tag}`));
  expect(ticket.statusCode, ticket.body).toBe(200);
  const product = await aClient.post('/api/course/options', productBody(`Alpha Produkt ${tag}`));
  expect(product.statusCode, product.body).toBe(200);
  const activitySession = await aClient.post(`/api/courses/${course.json().course_id}/sessions`, sessionBody);
  expect(activitySession.statusCode, activitySession.body).toBe(200);
  const holiday = await aClient.post('/api/config/holidays', holidayBody(`Alpha Ferien ${tag}`));
  expect(holiday.statusCode, holiday.body).toBe(200);
  const resourceGroup = await aClient.post('/api/sa/resources', resourceGroupBody(`Alpha Raum ${tag}`));
  expect(resourceGroup.statusCode, resourceGroup.body).toBe(200);
  const resourceId = resourceGroup.json().data.resources[0].id;
  const used = await aClient.request(
    'PUT',
    `/api/courses/${course.json().course_id}/sessions/${activitySession.json().data.id}/resources`,
    {
      items: [{ resource_id: resourceId, quantity: 1 }],
    },
  );
  expect(used.json().success).toBe(true);
  const attribute = await aClient.post('/api/course/attributes', {
    type: 'text',
    label: { de: `Alpha Attribut ${tag}`, en: `Alpha Attribut ${tag}` },
  });
  expect(attribute.statusCode, attribute.body).toBe(200);
  const field = await aClient.post('/api/course/fields', { type: 'checkbox', label: { de: `Alpha Feld ${tag}`, en: `Alpha Feld ${tag}` } });
  expect(field.statusCode, field.body).toBe(200);
  const linked = await aClient.request('PUT', `/api/course/type_sets/${typeSetId}`, {
    name: { de: 'Kurs', en: 'Course' },
    attributes: [{ attribute_id: attribute.json().data.id }],
    fields: [field.json().data.id],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const values = await aClient.request('PUT', `/api/courses/${course.json().course_id}/attributes`, {
    values: [{ attribute_id: attribute.json().data.id, value: `Alpha Wert ${tag}` }],
  });
  expect(values.statusCode, values.body).toBe(200);
  const discount = await aClient.post(
    '/api/discounts',
    discountBody(`ALPHA-${tag}`, { name: `Alpha Rabatt ${tag}`, activity_ids: [course.json().course_id] }),
  );
  expect(discount.statusCode, discount.body).toBe(200);
  const sold = await makeOrder(db, aOwner.team.id, {
    ticketId: ticket.json().data.id,
    participants: [{ firstname: 'Alpha', lastname: `Teilnehmer ${tag}` }],
    email: `alpha-buyer-${tag}@alpha.example`,
  });
  const open = await makeOrder(db, aOwner.team.id, {
    ticketId: ticket.json().data.id,
    paymentStatus: 'waiting',
    participants: [{ firstname: 'Alpha', lastname: `Teilnehmer ${tag}` }],
    email: `alpha-buyer-${tag}@alpha.example`,
  });
  await setSubscriptionsFeature(db, aOwner.team.id, true);
  const aSubscription = await makeSubscription(db, aOwner.team.id, `Alpha Abo ${tag}`);
  const aTier = await makeTier(db, aOwner.team.id, aSubscription.id, { interval: 'once', validDays: 30, credits: 3 });
  const aMembership = await makeMember(db, aOwner.team.id, aTier, {
    email: `alpha-member-${tag}@alpha.example`,
    lastname: `Mitglied ${tag}`,
  });
  const aToken = await aClient.post('/api/tokens', { name: `Alpha Token ${tag}`, scopes: ['read', 'orders', 'catalogue'] });
  expect(aToken.statusCode, aToken.body).toBe(201);
  // A webhook of A with one delivery (written directly: its URL is never called here).
  const [aHook] = await db
    .insert(webhookEndpoints)
    .values({
      teamId: aOwner.team.id,
      url: `https://alpha-${tag}.example.com/hook`,
      events: ['order.paid'],
      secretSealed: 'v1.a.b.c',
      secretHint: 'whsec_…alfa',
    })
    .returning();
  const [aEvent] = await db
    .insert(webhookEvents)
    .values({ teamId: aOwner.team.id, type: 'order.paid', source: 'order', sourceId: sold.order.id, data: {}, fannedOutAt: new Date() })
    .returning();
  const [aDelivery] = await db
    .insert(webhookDeliveries)
    .values({ teamId: aOwner.team.id, endpointId: aHook!.id, eventId: aEvent!.id, requestBody: `{"alpha":"${tag}"}`, status: 'delivered' })
    .returning();
  const [aPlatformInvoice] = await db
    .insert(platformInvoices)
    .values({
      teamId: aOwner.team.id,
      month: '2026-04',
      number: `BKL-202604-${String(aOwner.team.id).padStart(6, '0')}`,
      currency: 'CHF',
      language: 'de',
      lines: [{ kind: 'sale_fees', date: '2026-04-05', sales: 1, volume_minor: 1000, amount_minor: 128 }],
      subtotalMinor: 128,
      totalMinor: 128,
      issuer: { name: 'Bookla', address: ['Bahnhofstrasse 1', '8001 Zürich', 'CH'], iban: 'CH4431999123000889012' },
      recipient: { name: `Alpha Isolation ${tag}`, address: ['Alphaweg 1', '8001 Zürich', 'CH'] },
      dueAt: '2026-05-31',
    })
    .returning();
  a = {
    platformInvoiceId: aPlatformInvoice!.id,
    webhookId: aHook!.id,
    webhookDeliveryId: aDelivery!.id,
    apiTokenId: aToken.json().id,
    subscriptionId: aSubscription.id,
    tierId: aTier.id,
    membershipId: aMembership.membership.id,
    teamId: aOwner.team.id,
    ownerId: aOwner.user.id,
    memberId: aMember.user.id,
    invitationId: inv.json().data.id,
    sessionId: session!.id.slice(0, 12),
    locationId: place.json().data.id,
    typeSetId,
    activityId: course.json().course_id,
    ticketId: ticket.json().data.id,
    productId: product.json().data.id,
    activitySessionId: activitySession.json().data.id,
    holidayId: holiday.json().data.id,
    resourceGroupId: resourceGroup.json().data.id,
    resourceId,
    attributeId: attribute.json().data.id,
    fieldId: field.json().data.id,
    discountId: discount.json().data.id,
    ticketCode: sold.participants[0]!.ticketCode,
    orderId: sold.order.id,
    openOrderId: open.order.id,
    exportId: (
      await queueExportJob(
        app.deps,
        { teamId: aOwner.team.id, userId: aOwner.user.id, role: 'owner', timeZone: 'Europe/Zurich', currency: 'CHF' },
        { type: 'participants', format: 'csv' },
        'de',
      )
    ).id,
    emailId: (await lastMail(app, inviteEmail))!.id,
    waitingEntryId: (
      await db
        .insert(waitingListEntries)
        .values({
          teamId: aOwner.team.id,
          activityId: course.json().course_id,
          firstname: 'Alpha',
          lastname: `Wartende ${tag}`,
          email: `alpha-waiting-${tag}@alpha.example`,
          language: 'de',
          quantity: 1,
          removalTokenHash: `${tag}`.padEnd(64, '0'),
        })
        .returning()
    )[0]!.id,
  };
  secrets = [
    aOwner.team.name,
    aOwner.user.email,
    aMember.user.email,
    inviteEmail,
    `Alpha Isolation ${tag}`,
    `Alpha Kurs ${tag}`,
    `Alpha Course ${tag}`,
    `Alpha Ort ${tag}`,
    `Alpha Ticket ${tag}`,
    `Alpha Produkt ${tag}`,
    `Alpha Ferien ${tag}`,
    `Alpha Raum ${tag}`,
    `Alpha Attribut ${tag}`,
    `Alpha Feld ${tag}`,
    `Alpha Wert ${tag}`,
    `Alpha Rabatt ${tag}`,
    `ALPHA-${tag}`,
    `Teilnehmer ${tag}`,
    `alpha-buyer-${tag}@alpha.example`,
    `Wartende ${tag}`,
    `alpha-waiting-${tag}@alpha.example`,
    `Alpha Abo ${tag}`,
    `alpha-member-${tag}@alpha.example`,
    `Mitglied ${tag}`,
    `Alpha Token ${tag}`,
  ];

  const bOwner = await createUserWithTeam(db, { teamName: `Beta ${tag} GmbH`, email: `beta-owner-${tag}@beta.example` });
  await createUserWithTeam(db, { teamId: bOwner.team.id, role: 'instructor' });
  bEmail = bOwner.user.email;
  bTeamId = bOwner.team.id;
  await setSubscriptionsFeature(db, bTeamId, true);
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('finds the routes of the app', () => {
    const routes = listRoutes(app);
    expect(routes).toContain('GET /api/srl/team');
    expect(routes).toContain('GET /api/srl/teams');
    expect(routes).toContain('DELETE /api/team/members/:userId');
    expect(routes).toContain('GET /api/content/:type/:group');
    expect(routes.length).toBeGreaterThan(40);
  });

  /** Every route called by B (a fresh caller per route): A's ids answer 403/404, nothing of A shows. */
  async function sweep(caller: () => Promise<Pick<TestClient, 'request'>>) {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of listRoutes(app)) {
      if (PUBLIC.some((re) => re.test(route))) continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const b = await caller();
      let res;
      if (params.length && !NON_RECORD_PARAMS[route]) {
        const make = ID_CASES[route];
        if (!make) {
          problems.push(`${route}: no case (add it to ID_CASES, NON_RECORD_PARAMS or PUBLIC)`);
          continue;
        }
        const call = make(a);
        res = await b.request(method, fill(path, call.params), method === 'GET' ? undefined : (call.body ?? {}));
        if (res.statusCode !== 403 && res.statusCode !== 404) problems.push(`${route}: answered ${res.statusCode} for company A's ids`);
      } else {
        const url = fill(path, NON_RECORD_PARAMS[route] ?? {});
        res = await b.request(method, url, method === 'GET' ? undefined : (BODIES[route]?.() ?? {}));
        if (res.statusCode >= 500) problems.push(`${route}: answered ${res.statusCode}`);
      }
      const body = res.body.toLowerCase();
      for (const s of secrets) if (body.includes(s.toLowerCase())) problems.push(`${route}: shows "${s}"`);
      checked.push(route);
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
    for (const route of Object.keys(ID_CASES)) expect(checked, `stale case ${route}`).toContain(route);
  }

  // It walks every route of the app: minutes on a machine busy with the browser tests, not 30 s.
  it('never shows or changes company A for company B’s owner, on any route', () => sweep(() => loginAs(app, bEmail)), 180_000);

  it('never shows or changes company A for company B’s API token (all scopes), on any route', async () => {
    const owner = await loginAs(app, bEmail);
    const created = await owner.post('/api/tokens', { name: 'B sweep', scopes: ['read', 'orders', 'catalogue'] });
    expect(created.statusCode, created.body).toBe(201);
    // No cookies and no XSRF header: the bearer alone.
    const authorization = `Bearer ${created.json().token}`;
    await sweep(async () => ({
      request: (method, url, body) => app.inject({ method, url, payload: body as object | undefined, headers: { authorization } }),
    }));
  }, 180_000);

  it('counts none of company A’s orders in company B’s statistics', async () => {
    const b = await loginAs(app, bEmail);
    const dashboard = await b.get('/api/statistics/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({ participant_count: 0, products_sold_count: 0, total: 0 });
    const report = (await b.get('/api/statistics/report')).json().data;
    expect([report.totals.orders, report.activities, report.tickets, report.payment_types]).toEqual([0, [], [], []]);
    const [aTeam] = await app.deps.db.select().from(teams).where(eq(teams.id, a.teamId));
    expect(aTeam!.checklistCompleted).toBe(false);
  });

  it('refuses company A’s catalogue records to company B', async () => {
    const b = await loginAs(app, bEmail);
    const store = await b.post('/api/course/store', { type_set_id: a.typeSetId, name: { de: 'B Kurs', en: 'B Kurs' } });
    expect(store.statusCode).toBe(422);
    expect(Object.keys(store.json().errors)).toEqual(['type_set_id']);
    expect((await b.get(`/api/course/locations/${a.locationId}`)).statusCode).toBe(404);
  });

  it('shows no draft activity and no other company’s activity in the public read model', async () => {
    const anon = new TestClient(app);
    // A's course is still a draft: not public, also not under A's own team id.
    expect((await anon.get(`/api/public/teams/${a.teamId}/activities/${a.activityId}`)).statusCode).toBe(404);
    const list = await anon.get(`/api/public/teams/${a.teamId}/activities`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    // Published, it shows under A's id only; B's team id with A's activity id is not found.
    await app.deps.db.update(activities).set({ status: 'published' }).where(eq(activities.id, a.activityId));
    try {
      expect((await anon.get(`/api/public/teams/${a.teamId}/activities/${a.activityId}`)).statusCode).toBe(200);
      const other = await anon.get(`/api/public/teams/${bTeamId}/activities/${a.activityId}`);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Alpha');
    } finally {
      await app.deps.db.update(activities).set({ status: 'draft' }).where(eq(activities.id, a.activityId));
    }
  });

  it('refuses company A’s type sets, attributes and fields inside company B’s bodies', async () => {
    const b = await loginAs(app, bEmail);
    const ts = await b.post('/api/course/type_sets', { name: { de: 'B Typ', en: 'B Typ' }, kind: 'course' });
    expect(ts.statusCode, ts.body).toBe(200);
    const bTypeSet = ts.json().data.id;
    const linked = await b.request('PUT', `/api/course/type_sets/${bTypeSet}`, {
      name: { de: 'B Typ', en: 'B Typ' },
      attributes: [{ attribute_id: a.attributeId }],
      fields: [a.fieldId],
    });
    expect(linked.statusCode).toBe(422);
    expect(Object.keys(linked.json().errors).sort()).toEqual(['attributes.0.attribute_id', 'fields.0']);
    const course = await b.post('/api/course/store', { type_set_id: bTypeSet, name: { de: 'B Kurs', en: 'B Kurs' } });
    expect(course.statusCode, course.body).toBe(200);
    const bActivity = course.json().course_id;
    const values = await b.request('PUT', `/api/courses/${bActivity}/attributes`, {
      values: [{ attribute_id: a.attributeId, value: 'x' }],
    });
    expect(values.statusCode).toBe(422);
    expect(Object.keys(values.json().errors)).toEqual(['values.0.attribute_id']);
    const extra = await b.request('PUT', `/api/courses/${bActivity}/fields`, { field_ids: [a.fieldId] });
    expect(extra.statusCode).toBe(422);
    expect(Object.keys(extra.json().errors)).toEqual(['field_ids.0']);
    const condition = await b.post('/api/course/fields', {
      type: 'text',
      label: { de: 'B', en: 'B' },
      visible_if: { field_id: a.fieldId, values: ['1'] },
    });
    expect(condition.statusCode).toBe(422);
    expect(Object.keys(condition.json().errors)).toEqual(['visible_if.field_id']);
    const detail = (await b.get(`/api/course/type_sets/${bTypeSet}`)).json().data;
    expect(detail).toMatchObject({ attributes: [], fields: [] });
    // A's setup is untouched by the sweep.
    const aClient = await loginAs(app, secrets[1]!);
    const aSet = (await aClient.get(`/api/course/type_sets/${a.typeSetId}`)).json().data;
    expect(aSet).toMatchObject({ kind: 'course', attributes: [{ attribute_id: a.attributeId }], fields: [a.fieldId] });
    expect((await aClient.get(`/api/course/attributes/${a.attributeId}`)).json().data.type).toBe('text');
    expect((await aClient.get(`/api/course/fields/${a.fieldId}`)).json().data.type).toBe('checkbox');
  });

  it('left company A as it was', async () => {
    const db = app.deps.db;
    const [team] = await db.select().from(teams).where(eq(teams.id, a.teamId));
    expect(team!.name).toBe(secrets[0]);
    expect(team!.features).toEqual({ subscriptions: true, waiting_list: true, resources: true, embeds: true });
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, a.subscriptionId));
    expect(subscription!.status).toBe('published');
    const [tier] = await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, a.tierId));
    expect(tier!.active).toBe(true);
    const [membership] = await db.select().from(memberships).where(eq(memberships.id, a.membershipId));
    expect(membership).toMatchObject({ status: 'active', creditsLeft: 3, cancelAtPeriodEnd: false });
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, a.teamId));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [a.ownerId, 'owner'],
        [a.memberId, 'editor'],
      ].sort(),
    );
    const [inv] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, a.invitationId), isNull(invitations.revokedAt), isNull(invitations.acceptedAt)));
    expect(inv).toBeDefined();
    const [aToken] = await db.select().from(apiTokens).where(eq(apiTokens.id, a.apiTokenId));
    expect(aToken).toMatchObject({ teamId: a.teamId, revokedAt: null });
    const aSessions = await db.select().from(sessions).where(eq(sessions.userId, a.ownerId));
    expect(aSessions.map((s) => s.id.slice(0, 12))).toContain(a.sessionId);
    const aActivities = await db.select().from(activities).where(eq(activities.teamId, a.teamId));
    expect(aActivities).toHaveLength(1);
    expect(aActivities[0]).toMatchObject({ id: a.activityId, status: 'draft', publishedAt: null, headerImagePath: null });
    const [place] = await db.select().from(locations).where(eq(locations.id, a.locationId));
    expect(place).toMatchObject({ teamId: a.teamId, city: 'Chur', name: { de: secrets[7], en: secrets[7] } });
    const [activitySession] = await db.select().from(activitySessions).where(eq(activitySessions.id, a.activitySessionId));
    expect(activitySession).toMatchObject({ teamId: a.teamId, status: 'scheduled', startsAt: new Date('2026-06-01T08:00:00Z') });
    const uses = await db.select().from(sessionResources).where(eq(sessionResources.sessionId, a.activitySessionId));
    expect(uses.map((u) => u.resourceId)).toEqual([a.resourceId]);
    const [holiday] = await db.select().from(teamHolidays).where(eq(teamHolidays.id, a.holidayId));
    expect(holiday).toMatchObject({ teamId: a.teamId, startsOn: '2026-07-01' });
    const [resource] = await db.select().from(resources).where(eq(resources.id, a.resourceId));
    expect(resource).toMatchObject({ teamId: a.teamId, groupId: a.resourceGroupId, capacity: 1 });
    const [ticketHolder] = await db.select().from(orderParticipants).where(eq(orderParticipants.ticketCode, a.ticketCode));
    expect(ticketHolder).toMatchObject({ teamId: a.teamId, checkedInAt: null });
    const aOrders = await db.select().from(orders).where(eq(orders.teamId, a.teamId));
    expect(aOrders.map((o) => [o.id, o.paymentStatus]).sort()).toEqual(
      [
        [a.orderId, 'paid'],
        [a.openOrderId, 'waiting'],
      ].sort(),
    );
  });
});
