import { customerForgotSchema, forgotSchema, resetSchema, successSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as reset from './password-reset.service.ts';

/** Password resets of staff and of shop customers (spec §7); the same answer for unknown addresses. */
const tags = ['auth'];

export function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/api/srl/password/reset/mail',
    {
      schema: {
        tags,
        summary: 'Sends a reset link (same answer for unknown addresses; 5 per address and hour)',
        body: forgotSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await reset.requestReset(deps, request.body.email);
      return { success: true as const, message: request.t('auth:reset_link_sent') };
    },
  );
  app.post(
    '/api/srl/password/reset/submit',
    {
      schema: {
        tags,
        summary: 'Sets a new password with a reset token; ends all sessions of the user',
        body: resetSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const { userId } = await reset.submitReset(deps, request.body);
      await app.sessions.destroyUserSessions(userId);
      return { success: true as const, message: request.t('auth:reset_success') };
    },
  );
  app.post(
    '/api/customer/password/reset/mail',
    {
      schema: {
        tags,
        summary: 'Shop customer: sends a reset link (same answer for unknown addresses)',
        body: customerForgotSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await reset.requestCustomerReset(deps, request.body);
      return { success: true as const, message: request.t('auth:reset_link_sent') };
    },
  );
  app.post(
    '/customer/password/reset/submit',
    {
      schema: {
        tags,
        summary: 'Shop customer: sets a new password with a reset token',
        body: resetSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await reset.submitCustomerReset(deps, request.body);
      return { success: true as const, message: request.t('auth:reset_success') };
    },
  );
}
