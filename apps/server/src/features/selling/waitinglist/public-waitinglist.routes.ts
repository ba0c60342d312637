import {
  dataReplySchema,
  successSchema,
  waitingListClaimReplySchema,
  waitingListJoinBodySchema,
  waitingListJoinReplySchema,
  waitingListOfferSchema,
  waitingListTokenBodySchema,
  waitingListTokenQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import { idParam, redirectReply } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { removalUrl } from './waitinglist.mails.ts';
import { claimOffer, declineOffer, getOffer, joinWaitingList, removalEntry, removeByLink } from './waitinglist.service.ts';

/**
 * The waiting list's public calls (CONTRACT §4): no login, no cookies, no CSRF token (they work
 * in an iframe whose cookies are blocked). The sign-up is limited to 30 per hour per IP, counted
 * before any work (before the body is even checked). The links' tokens are their only key: a wrong
 * one answers 404 like an unknown entry; the replies are never cached.
 */
export async function publicWaitingListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config };
  const tags = ['public'];
  const noStore = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };
  const linkCall = { config: { csrf: false }, onRequest: noStore, preValidation: limitPerIp('publicOrdersPerIp') };
  const offerParams = z.object({ teamId: idParam, id: idParam });

  app.post(
    '/api/public/teams/:teamId/waitinglist',
    {
      config: { csrf: false },
      preValidation: limitPerIp('waitinglistPerIp'),
      schema: {
        tags,
        summary:
          'Signs up for the waiting list of a sold-out activity or date (201; an address listed already gets the same answer, and no mail; 409 when closed or seats are free; 422 per field); mails the place in line and a removal link',
        params: z.object({ teamId: idParam }),
        body: waitingListJoinBodySchema,
        response: { 201: waitingListJoinReplySchema },
      },
    },
    async (request, reply) => {
      const joined = await joinWaitingList(deps, request.params.teamId, request.body);
      const params = { position: joined.position, hours: joined.offerHours };
      return reply.status(201).send({
        success: true as const,
        message: request.t('waitinglist:join.done', params),
        position: joined.position,
        offer_hours: joined.offerHours,
      });
    },
  );

  // Mailed links change nothing on GET (mail scanners and link previews follow them): the link
  // opens the shop's confirmation page, whose button POSTs (decision 009).
  app.get(
    '/api/public/waitinglist/:id/remove',
    {
      ...linkCall,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          'The removal link of sign-up mails sent before confirmation pages: changes nothing, 303 to the confirmation page (/{lang}/shop/{teamId}/waitinglist/{id}/remove?token=…); wrong token: 404',
        params: z.object({ id: idParam }),
        querystring: waitingListTokenQuerySchema,
        response: { 303: redirectReply },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const entry = await removalEntry(deps, request.params.id, token);
      if (!entry || !token) throw notFound();
      return reply.redirect(removalUrl(app.deps.config, entry.language, entry.teamId, entry.id, token), 303);
    },
  );

  app.post(
    '/api/public/waitinglist/:id/remove',
    {
      ...linkCall,
      schema: {
        tags,
        summary:
          'The confirmation page of the removal link: leaves the waiting list (also fine when it was left already); the page then shows /{lang}/waitinglist/remove/success; wrong token: 404',
        params: z.object({ id: idParam }),
        body: waitingListTokenBodySchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const lang = await removeByLink(deps, request.params.id, request.body.token);
      if (!lang) throw notFound();
      return { success: true as const, message: request.t('waitinglist:join.left') };
    },
  );

  app.get(
    '/api/public/teams/:teamId/waitinglist/:id',
    {
      ...linkCall,
      schema: {
        tags,
        summary: 'A waiting-list offer behind its link: the held seats and until when (status other than offered: over); wrong token: 404',
        params: offerParams,
        querystring: waitingListTokenQuerySchema,
        response: { 200: dataReplySchema(waitingListOfferSchema) },
      },
    },
    async (request) => ({
      data: await getOffer(deps, request.params.teamId, request.params.id, request.query.token, request.query.lang ?? request.lang),
    }),
  );

  app.post(
    '/api/public/teams/:teamId/waitinglist/:id/claim',
    {
      ...linkCall,
      schema: {
        tags,
        summary:
          'The offer’s held seats as a checkout reservation (as POST …/reservations answers; order with `reservation_token`); over: 409; wrong token: 404',
        params: offerParams,
        body: waitingListTokenBodySchema,
        response: { 200: waitingListClaimReplySchema },
      },
    },
    async (request) => claimOffer(deps, request.params.teamId, request.params.id, request.body.token, request.lang),
  );

  app.post(
    '/api/public/teams/:teamId/waitinglist/:id/decline',
    {
      ...linkCall,
      schema: {
        tags,
        summary: 'Declines the offer: the seats go to the next in line and the entry leaves the list; over: 409; wrong token: 404',
        params: offerParams,
        body: waitingListTokenBodySchema,
        response: { 200: dataReplySchema(waitingListOfferSchema) },
      },
    },
    async (request) => ({ data: await declineOffer(deps, request.params.teamId, request.params.id, request.body.token, request.lang) }),
  );
}
