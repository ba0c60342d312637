import {
  memberQuoteBodySchema,
  memberQuoteReplySchema,
  myMembershipSchema,
  orderBodySchema,
  pickText,
  placeOrderReplySchema,
  type Language,
  type MyMembership,
} from '@bookla/shared';
import { toZonedIso } from '@bookla/shared/zoned-time';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import { dataReply, idParam } from '../../../lib/http.ts';
import { CUSTOMER_SECURITY } from '../../../plugins/route-docs.ts';
import { holderOf } from '../../catalogue/tickets/index.ts';
import { withDiscountGuessLimit } from '../discounts/index.ts';
import { memberQuoteReply, placedReply, placeOrder, quoteMemberOrder } from '../orders/index.ts';
import { cancelOwnMembership, payRenewalWithNewCard } from '../subscriptions/index.ts';
import { requireCustomer } from './customer-session.ts';

/**
 * A shop customer's memberships and booking with them (CONTRACT §5, issue 24): the customer's own
 * memberships of this team, the quote and the order call of a logged-in customer, whose
 * participants may name `membership_id` (the public calls refuse it: no customer session reaches
 * them). The order is the customer's own: its address must be the account's.
 */

const P = '/api/customer/teams/:teamId';
const tags = ['customer accounts'];
const teamParams = z.object({ teamId: idParam });
type Raw = Record<string, unknown>;

async function myMemberships(db: Db, teamId: number, customerId: number, verified: boolean, lang: Language): Promise<MyMembership[]> {
  const result = await db.execute(sql`
    SELECT m.id, m.status, m.current_period_end, m.current_period_end > now() AS in_period, m.credits_left, m.cancel_at_period_end,
      s.id AS subscription_id, s.name AS subscription_name, s.activity_ids, s.type_set_ids,
      t.id AS tier_id, t.name AS tier_name, t.interval, t.seats_per_booking, tm.time_zone,
      m.renewal_method, p.card_label, p.saved_card IS NOT NULL AS has_card,
      EXISTS (SELECT 1 FROM orders o WHERE o.id = m.renewal_order_id AND o.payment_status = 'waiting') AS renewal_open
    FROM memberships m JOIN subscriptions s ON s.id = m.subscription_id JOIN subscription_tiers t ON t.id = m.tier_id
    JOIN teams tm ON tm.id = m.team_id
    LEFT JOIN payments p ON p.id = m.card_payment_id
    WHERE m.team_id = ${teamId} AND m.customer_id = ${customerId}
    ORDER BY m.id DESC LIMIT 100`);
  return (result as unknown as { rows: Raw[] }).rows.map((r) => {
    const activityIds = (r.activity_ids as number[]).map(Number);
    const typeSetIds = (r.type_set_ids as number[]).map(Number);
    return {
      id: Number(r.id),
      subscription: {
        id: Number(r.subscription_id),
        name: pickText(r.subscription_name as Record<string, string>, lang),
        covers_all: !activityIds.length && !typeSetIds.length,
        activity_ids: activityIds,
        type_set_ids: typeSetIds,
      },
      tier: {
        id: Number(r.tier_id),
        name: pickText(r.tier_name as Record<string, string>, lang),
        interval: r.interval as MyMembership['tier']['interval'],
        seats_per_booking: Number(r.seats_per_booking),
      },
      status: r.status as MyMembership['status'],
      current_period_end: toZonedIso(r.current_period_end as Date, String(r.time_zone)),
      credits_left: r.credits_left === null ? null : Number(r.credits_left),
      cancel_at_period_end: Boolean(r.cancel_at_period_end),
      usable: r.status === 'active' && Boolean(r.in_period) && verified && (r.credits_left === null || Number(r.credits_left) > 0),
      // A card payment that kept no card renews by invoice (as before card renewals).
      renewal_method: r.renewal_method === 'card' && !r.has_card ? 'invoice' : (r.renewal_method as MyMembership['renewal_method']),
      card_label: r.has_card ? ((r.card_label as string | null) ?? null) : null,
      can_update_card: r.status === 'past_due' && r.renewal_method === 'card' && Boolean(r.renewal_open),
    };
  });
}

export async function memberBookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db, config } = deps;

  app.get(
    `${P}/memberships`,
    {
      schema: {
        tags,
        summary: "The customer's memberships of this team (credits, period end, whether bookable now), newest first",
        security: CUSTOMER_SECURITY,
        params: teamParams,
        response: { 200: dataReply(z.array(myMembershipSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { teamId } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      return { data: await myMemberships(db, teamId, customer.id, customer.emailVerifiedAt !== null, request.lang) };
    },
  );

  app.post(
    `${P}/memberships/:id/cancel`,
    {
      schema: {
        tags,
        summary:
          "The customer cancels their own membership to the end of its period (no renewal; kept until then); 404 for another's, 409 when it already ends",
        security: CUSTOMER_SECURITY,
        params: z.object({ teamId: idParam, id: idParam }),
        response: { 200: dataReply(myMembershipSchema) },
      },
    },
    async (request) => {
      const { teamId, id } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      await cancelOwnMembership(deps, teamId, customer.id, id);
      const mine = await myMemberships(db, teamId, customer.id, customer.emailVerifiedAt !== null, request.lang);
      return { data: mine.find((m) => m.id === id)! };
    },
  );

  app.post(
    `${P}/memberships/:id/update-card`,
    {
      schema: {
        tags,
        summary:
          '"Update card": a past-due membership renewed by card pays its open renewal on the provider\'s page now; the card given there replaces the saved one once paid. 404 for another\'s, 409 without an open renewal (or while the saved card is being charged, or card payments are off)',
        security: CUSTOMER_SECURITY,
        params: z.object({ teamId: idParam, id: idParam }),
        response: { 200: z.object({ payment_url: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { teamId, id } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      return payRenewalWithNewCard({ ...deps, log: request.log }, teamId, customer.id, id, request.lang);
    },
  );

  app.post(
    `${P}/quote`,
    {
      schema: {
        tags,
        summary:
          "What the logged-in customer's order call will charge for this cart: the public quote's cart plus one entry per seat (`ticket_id`, `membership_id`); member seats cost 0 (`membership_seats`, `membership_value`). The order's refusals: 422 per participant when a membership cannot pay the seat, 422 on `discount_code`; nothing is stored",
        security: CUSTOMER_SECURITY,
        params: teamParams,
        body: memberQuoteBodySchema,
        response: { 200: memberQuoteReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { teamId } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      const member = { customerId: customer.id, emailVerified: customer.emailVerifiedAt !== null };
      // Wrong discount codes count against the same limit as the public quote's (issue 20 item 4).
      const guess = { ip: request.ip, teamId, code: request.body.discount_code };
      const quote = await withDiscountGuessLimit(deps.limiter, guess, () => quoteMemberOrder(db, teamId, request.body, member));
      return memberQuoteReply(quote);
    },
  );

  app.post(
    `${P}/orders`,
    {
      schema: {
        tags,
        summary:
          "Places the logged-in customer's order like the public order call; participants may name `membership_id` (the seat costs 0 and one credit; 422 per participant when the membership cannot book it, 409 when its credits were used meanwhile); the order's address must be the account's (422)",
        security: CUSTOMER_SECURITY,
        params: teamParams,
        body: orderBodySchema,
        response: { 201: placeOrderReplySchema },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      const body = request.body;
      if (body.customer.email.trim().toLowerCase() !== customer.email.toLowerCase())
        throw validationError({ 'customer.email': ['checkout:validation.member_email'] });
      const guess = { ip: request.ip, teamId, code: body.discount_code };
      const placed = await withDiscountGuessLimit(deps.limiter, guess, () =>
        placeOrder({ ...deps, log: request.log }, teamId, body, holderOf(config, request.ip, body.customer.email), {
          member: { customerId: customer.id, emailVerified: customer.emailVerifiedAt !== null },
        }),
      );
      return reply.status(201).send(placedReply(placed));
    },
  );
}
