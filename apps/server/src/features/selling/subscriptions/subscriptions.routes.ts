import {
  memberCancelBodySchema,
  memberCreditsBodySchema,
  publicSubscriptionSchema,
  subscriptionBodySchema,
  subscriptionDetailSchema,
  subscriptionItemSchema,
  subscriptionListQuerySchema,
  subscriptionMemberDetailSchema,
  subscriptionMemberListQuerySchema,
  subscriptionMemberSchema,
  subscriptionStatsSchema,
  subscriptionUpdateBodySchema,
  tierBodySchema,
  tierItemSchema,
  tierUpdateBodySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { dataReply, idParam, listReply, successDataReply, successReply, toList } from '../../../lib/http.ts';
import { actingUserId, can, currentTeam } from '../../../plugins/auth.ts';
import { authGuard } from '../../../plugins/route-docs.ts';
import { cancelMember, getMember, grantCredits, listMembers } from './members.service.ts';
import { sweepMemberships } from './lifecycle.service.ts';
import { publicSubscriptions, subscriptionStats } from './overview.service.ts';
import * as subs from './subscriptions.service.ts';

/**
 * Subscriptions with tiers in the back office (CONTRACT §5, `nav.subscriptions`: every role but
 * Instructor) and the shop's list. While the team's `subscriptions` feature is off every
 * `/api/subscriptions…` call answers 403 and the shop's list 404; members keep what they hold.
 */

/** The permission, then the team's feature (both 403 with a message in the request's language). */
const requireSubscriptions = authGuard(async (request: FastifyRequest) => {
  const team = currentTeam(request);
  if (!can(request, 'nav.subscriptions')) throw new AppError('FORBIDDEN', 'errors:forbidden');
  if (!team.features?.subscriptions) throw new AppError('FORBIDDEN', 'subscriptions:feature_off');
});

export async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  const tags = ['subscriptions'];
  const preValidation = requireSubscriptions;
  const params = z.object({ id: idParam });
  const tierParams = z.object({ id: idParam, tierId: idParam });
  const memberParams = z.object({ id: idParam, memberId: idParam });
  const userId = actingUserId; // null for an API token (its changes name the token)

  app.get(
    '/api/subscriptions',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Subscriptions of the current company with their numbers of tiers and members (list; columnFilters name, status)',
        querystring: subscriptionListQuerySchema,
        response: { 200: listReply(subscriptionItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await subs.listSubscriptions(db, currentTeam(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/subscriptions/stats',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Active and past-due members, monthly recurring revenue, churn of the last 30 days, per tier (test mode left out)',
        response: { 200: dataReply(subscriptionStatsSchema) },
      },
    },
    async (request) => ({ data: await subscriptionStats(db, currentTeam(request), request.lang) }),
  );

  app.post(
    '/api/subscriptions',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Creates a subscription (name in every company language; no activity and no type set: covers every activity; draft by default)',
        body: subscriptionBodySchema,
        response: { 200: successDataReply(subscriptionDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('subscriptions:subscription.created'),
      data: await subs.createSubscription(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/subscriptions/:id',
    {
      preValidation,
      schema: { tags, summary: 'One subscription with its tiers', params, response: { 200: dataReply(subscriptionDetailSchema) } },
    },
    async (request) => ({ data: await subs.getSubscription(db, currentTeam(request), request.params.id, request.lang) }),
  );

  app.put(
    '/api/subscriptions/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Changes a subscription; keys left out keep their value',
        params,
        body: subscriptionUpdateBodySchema,
        response: { 200: successDataReply(subscriptionDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('subscriptions:subscription.saved'),
      data: await subs.updateSubscription(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/subscriptions/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes a subscription no membership ever held (409 otherwise: unpublish it instead)',
        params,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await subs.deleteSubscription(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('subscriptions:subscription.deleted') };
    },
  );

  // ─── Tiers ────────────────────────────────────────────────────────────────

  app.post(
    '/api/subscriptions/:id/tiers',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Creates a tier (price in the company currency; interval once/month/year; valid_days for once only; credits per period, null = unlimited; tax rate default: the company default)',
        params,
        body: tierBodySchema,
        response: { 200: successDataReply(tierItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('subscriptions:tier.created'),
      data: await subs.createTier(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.get(
    '/api/subscriptions/:id/tiers/:tierId',
    { preValidation, schema: { tags, summary: 'One tier', params: tierParams, response: { 200: dataReply(tierItemSchema) } } },
    async (request) => ({ data: await subs.getTier(db, currentTeam(request), request.params.id, request.params.tierId, request.lang) }),
  );

  app.put(
    '/api/subscriptions/:id/tiers/:tierId',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Changes a tier (keys left out keep their value); members keep what they bought until their next period',
        params: tierParams,
        body: tierUpdateBodySchema,
        response: { 200: successDataReply(tierItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('subscriptions:tier.saved'),
      data: await subs.updateTier(db, currentTeam(request), request.params.id, request.params.tierId, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/subscriptions/:id/tiers/:tierId',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes a tier nobody bought (409 otherwise: deactivate it instead)',
        params: tierParams,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await subs.deleteTier(db, currentTeam(request).id, request.params.id, request.params.tierId);
      return { success: true as const, message: request.t('subscriptions:tier.deleted') };
    },
  );

  // ─── Members ──────────────────────────────────────────────────────────────

  app.get(
    '/api/subscriptions/:id/members',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Members of a subscription (list; columnFilters search (name, e-mail), status, tier_id)',
        params,
        querystring: subscriptionMemberListQuerySchema,
        response: { 200: listReply(subscriptionMemberSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listMembers(db, currentTeam(request), request.params.id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/subscriptions/:id/members/:memberId',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One member with the history of the membership (newest first)',
        params: memberParams,
        response: { 200: dataReply(subscriptionMemberDetailSchema) },
      },
    },
    async (request) => ({ data: await getMember(db, currentTeam(request), request.params.id, request.params.memberId, request.lang) }),
  );

  app.post(
    '/api/subscriptions/:id/members/:memberId/cancel',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Cancels a membership: to the end of its period (no renewal), or now — with refund: the last payment refunded in full through the order (credit note and mail); 409 when it already ended',
        params: memberParams,
        body: memberCancelBodySchema,
        response: { 200: successDataReply(subscriptionMemberDetailSchema) },
      },
    },
    async (request) => {
      const result = await cancelMember(
        deps,
        currentTeam(request),
        request.params.id,
        request.params.memberId,
        userId(request),
        request.body,
        request.lang,
      );
      const key =
        request.body.mode === 'period_end'
          ? 'subscriptions:member.cancel_scheduled'
          : result.refundedOrderId
            ? 'subscriptions:member.cancelled_refunded'
            : request.body.refund
              ? 'subscriptions:member.cancelled_nothing_to_refund'
              : 'subscriptions:member.cancelled';
      return { success: true as const, message: request.t(key), data: result.detail };
    },
  );

  app.post(
    '/api/subscriptions/:id/members/:memberId/credits',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Gives credits back to a member (tiers with credits only; 422 for unlimited ones)',
        params: memberParams,
        body: memberCreditsBodySchema,
        response: { 200: successDataReply(subscriptionMemberDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('subscriptions:member.credits_granted', { count: request.body.credits }),
      data: await grantCredits(
        db,
        currentTeam(request),
        request.params.id,
        request.params.memberId,
        userId(request),
        request.body,
        request.lang,
      ),
    }),
  );

  // ─── Shop ─────────────────────────────────────────────────────────────────

  app.get(
    '/api/public/teams/:teamId/subscriptions',
    {
      schema: {
        tags: ['public'],
        summary: "The team's published subscriptions with their active tiers, in the request's language (feature off: 404)",
        params: z.object({ teamId: idParam }),
        querystring: z.object({ lang: z.enum(['de', 'en', 'fr']).optional() }),
        response: { 200: dataReply(z.array(publicSubscriptionSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await publicSubscriptions(db, request.params.teamId, request.query.lang ?? request.lang) };
    },
  );

  // End-to-end tests only (TEST_HOOKS=on, never in production): the memberships sweep at a moment
  // the test names, so a renewal is tested by moving the clock, not by waiting a month.
  if (app.deps.config.testHooks) {
    app.post(
      '/api/test-hooks/memberships/sweep',
      {
        config: { csrf: false },
        schema: {
          tags: ['test hooks'],
          summary: 'TEST_HOOKS=on only: runs the memberships sweep as at `at` (ISO 8601)',
          body: z.strictObject({ at: z.iso.datetime({ offset: true }) }),
          response: {
            200: z.object({
              renewed: z.number(),
              invoiced: z.number(),
              charged: z.number(),
              ended: z.number(),
              pastDue: z.number(),
              expired: z.number(),
              noticed: z.number(),
            }),
          },
        },
      },
      async (request) => sweepMemberships(deps, new Date(request.body.at)),
    );
  }
}
