import {
  customerLinkSchema,
  customerLoginReplySchema,
  customerLoginSchema,
  customerMagicLinkSchema,
  customerMeReplySchema,
  customerPasswordSchema,
  customerRegisterSchema,
  listQuerySchema,
  MY_BOOKINGS_PER_PAGE,
  myBookingSchema,
  okReplySchema,
  successSchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply, toList } from '../../../lib/http.ts';
import { myBookings } from './bookings.service.ts';
import * as accounts from './customer-accounts.service.ts';
import { customerOf, endCustomerSession, requireCustomer, startCustomerSession } from './customer-session.ts';
import { CUSTOMER_SECURITY } from '../../../plugins/route-docs.ts';

/**
 * A team's shop customers: `/api/customer/teams/{teamId}/…` (the customer cookie's path). Every
 * write needs the XSRF token like staff calls (CONTRACT §2); replies are never cached.
 */
const tags = ['customer accounts'];
const P = '/api/customer/teams/:teamId';
const teamParams = z.object({ teamId: idParam });
const bookingsQuery = listQuerySchema(['created_at'], 'created_at', MY_BOOKINGS_PER_PAGE);

export async function customerAccountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;

  // Personal data and session cookies: nothing of these replies is kept by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    `${P}/me`,
    {
      schema: {
        tags,
        summary: 'The customer logged in to this shop (null without a session of this team)',
        params: teamParams,
        response: { 200: customerMeReplySchema },
      },
    },
    async (request) => {
      const principal = await customerOf(db, request, request.params.teamId);
      return { customer: principal ? accounts.toMe(principal.customer) : null };
    },
  );

  app.post(
    `${P}/register`,
    {
      schema: {
        tags,
        summary: 'Creates an account (or answers alike when there is one): a confirmation link is mailed; 30 per IP and hour',
        params: teamParams,
        body: customerRegisterSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await accounts.register(deps, request.params.teamId, request.body, request.ip, request.lang);
      return { success: true as const, message: request.t('customer-accounts:registered') };
    },
  );

  app.post(
    `${P}/login`,
    {
      schema: {
        tags,
        summary: 'Log-in with a password (failures limited like staff log-ins); wrong or unknown: 422',
        params: teamParams,
        body: customerLoginSchema,
        response: { 200: customerLoginReplySchema },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const customer = await accounts.login(deps, teamId, request.body, request.ip);
      const principal = await startCustomerSession(db, request, reply, teamId, customer.id);
      return { success: true as const, message: request.t('customer-accounts:logged_in'), customer: accounts.toMe(principal.customer) };
    },
  );

  app.post(
    `${P}/logout`,
    { schema: { tags, summary: 'Ends the customer session', params: teamParams, response: { 200: okReplySchema } } },
    async (request, reply) => {
      await endCustomerSession(db, request, reply, request.params.teamId);
      return { success: true as const };
    },
  );

  app.post(
    `${P}/magic-link`,
    {
      schema: {
        tags,
        summary: 'Mails a log-in link (the same answer for unknown addresses; 5 per address and 30 per IP an hour)',
        params: teamParams,
        body: customerMagicLinkSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await accounts.requestMagicLink(deps, request.params.teamId, request.body, request.ip, request.lang);
      return { success: true as const, message: request.t('customer-accounts:link_sent') };
    },
  );

  app.post(
    `${P}/link`,
    {
      schema: {
        tags,
        summary: 'Opens a mailed link (log-in or confirmation): single use, expiring; confirms the address and logs in; bad link: 422',
        params: teamParams,
        body: customerLinkSchema,
        response: { 200: customerLoginReplySchema },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const customer = await accounts.landLink(deps, teamId, request.body.token, request.ip);
      const principal = await startCustomerSession(db, request, reply, teamId, customer.id);
      return { success: true as const, message: request.t('customer-accounts:link_opened'), customer: accounts.toMe(principal.customer) };
    },
  );

  app.post(
    `${P}/verification/resend`,
    {
      schema: {
        tags,
        summary: 'Mails a new confirmation link to the logged-in customer',
        security: CUSTOMER_SECURITY,
        params: teamParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      await accounts.resendVerification(deps, teamId, customer, request.lang);
      return { success: true as const, message: request.t('customer-accounts:link_sent') };
    },
  );

  app.post(
    `${P}/password`,
    {
      schema: {
        tags,
        summary: 'Sets the password of the logged-in customer (the current one when there is one); ends the other sessions',
        security: CUSTOMER_SECURITY,
        params: teamParams,
        body: customerPasswordSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      const principal = await requireCustomer(db, request, teamId);
      await accounts.changePassword(deps, teamId, principal, request.body, request.ip);
      return { success: true as const, message: request.t('customer-accounts:password_saved') };
    },
  );

  app.get(
    `${P}/bookings`,
    {
      schema: {
        tags,
        summary: "The team's orders of the customer's confirmed address, newest first, with what cancelling each would do now",
        security: CUSTOMER_SECURITY,
        params: teamParams,
        querystring: bookingsQuery,
        response: { 200: listReply(myBookingSchema) },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      const { customer } = await requireCustomer(db, request, teamId);
      const { page, perPage } = request.query;
      const { rows, total } = await myBookings(deps, teamId, customer, page, perPage, request.lang);
      return toList(request, rows, total, page, perPage);
    },
  );
}
