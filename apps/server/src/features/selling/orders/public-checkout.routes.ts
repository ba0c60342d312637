import {
  minorToDecimal,
  type OrderBody,
  orderBodySchema,
  placeOrderReplySchema,
  quoteBodySchema,
  quoteReplySchema,
  reservationBodySchema,
  reservationReplySchema,
  ticketItemsOf,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, noContentReply } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { holderOf, releaseReservations } from '../../catalogue/tickets/index.ts';
import { withDiscountGuessLimit } from '../discounts/index.ts';
import { heldKey, idempotencyHeaders, idempotentRoute } from '../../../lib/idempotency.ts';
import { createKeyedGate } from '../../../lib/keyed-gate.ts';
import { confirmHoldByLink } from './hold-confirm.ts';
import { checkParticipantsCap } from './participants-cap.ts';
import { buysTier, placeTierOrder } from './tier-order.service.ts';
import { placedOrderAgain, placedReply, placeOrder, quoteOrder, reserveCheckout } from './place-order.service.ts';

/** A few checkouts per ticket at a time reach the database; the rest wait in memory (see keyed-gate.ts). */
const CHECKOUTS_PER_TICKET = 4;
const ticketKeys = (items: readonly { ticket_id: number }[] | undefined) => (items ?? []).map((i) => `ticket:${i.ticket_id}`);

/**
 * The public checkout (CONTRACT §4): reservations, the live quote and order placement. No login,
 * no cookies, no CSRF token (it must work in an iframe whose cookies are blocked); rate-limited
 * per IP, counted before any work (also before the body is parsed against its schema).
 */
export async function publicCheckoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  // One gate per app instance (each test app gets its own).
  const gate = createKeyedGate(CHECKOUTS_PER_TICKET);
  const tags = ['public'];
  const publicCall = { config: { csrf: false }, preValidation: limitPerIp('publicOrdersPerIp') };
  const teamParams = z.object({ teamId: idParam });
  // Idempotency-Key (CONTRACT §7, lib/idempotency.ts): keys per team and kind of call.
  const teamOf = (request: { params: unknown }) => (request.params as { teamId: number }).teamId;
  const reservationKeys = idempotentRoute(db, 'reservation', teamOf);
  // A repeat whose first reply failed after the order committed answers that order (placedOrderAgain).
  const orderKeys = idempotentRoute(db, 'order', teamOf, undefined, async (request, orderId) => {
    const { params, body } = request as unknown as { params: { teamId: number }; body: OrderBody };
    const again = await placedOrderAgain({ ...app.deps, log: request.log }, params.teamId, orderId, body.language);
    return again && { status: 201, body: placedReply(again) };
  });

  app.post(
    '/api/public/teams/:teamId/reservations',
    {
      ...publicCall,
      schema: {
        tags,
        summary:
          'Holds seats of several tickets for the activity’s reservation minutes (409 SOLD_OUT / OFF_SALE with `available`, `ticket_id`; with `Idempotency-Key` a repeat answers the first reply, 409 IDEMPOTENCY_IN_PROGRESS while it runs)',
        params: teamParams,
        headers: idempotencyHeaders,
        body: reservationBodySchema,
        response: { 201: reservationReplySchema },
      },
      // The key first (a repeat does no work), then MAX_PARTICIPANTS_PER_ORDER on the parsed body (422 on `items`).
      preHandler: [
        reservationKeys.preHandler,
        async (request) => checkParticipantsCap(app.deps.config.maxParticipantsPerOrder, { items: request.body.items }),
      ],
      onSend: reservationKeys.onSend,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await gate.run(ticketKeys(request.body.items && ticketItemsOf(request.body.items)), () =>
            reserveCheckout(db, request.params.teamId, request.body.items, request.lang, holderOf(config, request.ip)),
          ),
        ),
  );

  app.delete(
    '/api/public/reservations/:token',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Releases the seats a reservation holds (204, also when it is gone already)',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) }),
        response: { 204: noContentReply },
      },
    },
    async (request, reply) => {
      await releaseReservations(db, request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/public/teams/:teamId/quote',
    {
      ...publicCall,
      schema: {
        tags,
        summary:
          'What a cart costs now, with the discount code applied, and the payment methods it can be paid with (nothing is stored; 422 on `discount_code`)',
        params: teamParams,
        body: quoteBodySchema,
        response: { 200: quoteReplySchema },
      },
    },
    async (request) => {
      // Wrong discount codes are limited per client and team, counted before the code is checked (issue 20 item 4).
      const guess = { ip: request.ip, teamId: request.params.teamId, code: request.body.discount_code };
      const quote = await withDiscountGuessLimit(app.deps.limiter, guess, () => quoteOrder(db, request.params.teamId, request.body));
      const money = (minor: number) => minorToDecimal(minor, quote.currency);
      return {
        subtotal: money(quote.pricing.subtotalMinor),
        discount_total: money(quote.pricing.discountTotalMinor),
        tax_total: money(quote.pricing.taxTotalMinor),
        total: money(quote.pricing.totalMinor),
        currency: quote.currency,
        discount_code: quote.discountCode,
        payment_methods: quote.paymentMethods,
      };
    },
  );

  app.post(
    '/api/public/teams/:teamId/orders',
    {
      ...publicCall,
      schema: {
        tags,
        summary:
          'Places an order: seats from the reservation or taken directly, in one transaction (409 SOLD_OUT / ORDER_EXPIRED, 422 per field; with `Idempotency-Key` a repeat answers the first reply and creates nothing, 409 IDEMPOTENCY_IN_PROGRESS while it runs)',
        params: teamParams,
        headers: idempotencyHeaders,
        body: orderBodySchema,
        response: { 201: placeOrderReplySchema },
      },
      // The key first (a repeat does no work), then MAX_PARTICIPANTS_PER_ORDER on the parsed body (422 on `participants`).
      preHandler: [orderKeys.preHandler, async (request) => checkParticipantsCap(app.deps.config.maxParticipantsPerOrder, request.body)],
      onSend: orderKeys.onSend,
    },
    async (request, reply) => {
      // Wrong discount codes are limited per client and team, counted before the code is checked (issue 20 item 4).
      const guess = { ip: request.ip, teamId: request.params.teamId, code: request.body.discount_code };
      const placed = await withDiscountGuessLimit(app.deps.limiter, guess, () =>
        gate.run(ticketKeys(request.body.items && ticketItemsOf(request.body.items)), () =>
          // A subscription tier is bought alone, through its own path (tier-order.service.ts).
          (buysTier(request.body) ? placeTierOrder : placeOrder)(
            { ...app.deps, log: request.log },
            request.params.teamId,
            request.body,
            holderOf(config, request.ip, request.body.customer.email),
            { attempt: heldKey(request) ?? null },
          ),
        ),
      );
      return reply.status(201).send(placedReply(placed));
    },
  );

  app.post(
    '/api/public/orders/:id/confirm',
    {
      ...publicCall,
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      schema: {
        tags,
        summary:
          'The order page opened from the confirmation mail: with its `confirm` key, an unpaid invoice order holds its seats until the due date instead of 30 minutes (204; wrong keys: 404)',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(200).optional(), confirm: z.string().max(200).optional() }),
        response: { 204: noContentReply },
      },
    },
    async (request, reply) => {
      await confirmHoldByLink(app.deps, request.params.id, request.query.token, request.query.confirm);
      return reply.status(204).send(null);
    },
  );
}
