import {
  countryCheckSchema,
  emailCheckSchema,
  loginReplySchema,
  loginSchema,
  okReplySchema,
  registerReplySchema,
  registerSchema,
  successSchema,
  teamNameCheckSchema,
  userReplySchema,
  validityReplySchema,
  vatIdCheckSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { limitPerIp } from '../../plugins/rate-limit.ts';
import * as auth from './auth.service.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { startLoginChallenge, startSession, twoFactorRoutes } from './two-factor.routes.ts';
import { redirectReply } from '../../lib/http.ts';

/**
 * Registration, validators, login/logout, e-mail verification (spec §7, CONTRACT §3); the
 * password-reset and two-factor routes live beside this file and are registered from here.
 */
const tags = ['auth'];
const languageQuery = z.object({ language: z.string().optional() });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const validatorLimit = { preValidation: limitPerIp('validatorsPerIp') };
  const answer = (request: FastifyRequest, v: auth.Validity) =>
    v.valid ? { valid: true } : { valid: false, message: request.t(v.messageKey ?? 'validation:invalid') };

  // ---------------------------------------------------------------- validators (300 per IP and minute)
  app.post(
    '/api/srl/validator/vat_id',
    {
      ...validatorLimit,
      schema: {
        tags,
        summary: 'Checks a VAT ID offline (format, check digit, billing country)',
        body: vatIdCheckSchema,
        response: { 200: validityReplySchema },
      },
    },
    async (request) => answer(request, auth.checkVatId(request.body.vat_id, request.body.country)),
  );
  app.post(
    '/api/srl/validator/country',
    {
      ...validatorLimit,
      schema: {
        tags,
        summary: 'Is this an ISO 3166-1 alpha-2 country',
        body: countryCheckSchema,
        response: { 200: validityReplySchema },
      },
    },
    async (request) => answer(request, await auth.checkCountry(deps, request.body.country)),
  );
  app.post(
    '/api/srl/validator/unique/team/name',
    {
      ...validatorLimit,
      schema: {
        tags,
        summary: 'Is this company name still free (case-insensitive)',
        body: teamNameCheckSchema,
        response: { 200: validityReplySchema },
      },
    },
    async (request) => answer(request, await auth.checkTeamName(deps, request.body.name)),
  );
  app.post(
    '/api/srl/validator/unique/user/email',
    {
      ...validatorLimit,
      schema: {
        tags,
        summary: 'Is this e-mail address valid and still free (case-insensitive)',
        body: emailCheckSchema,
        response: { 200: validityReplySchema },
      },
    },
    async (request) => answer(request, await auth.checkEmail(deps, request.body.email)),
  );

  // ---------------------------------------------------------------- registration and verification
  app.post(
    '/api/srl/register',
    {
      preValidation: limitPerIp('registrationsPerIp'),
      // Shape errors and the server's own checks answer in one 422 (see partial-input.ts).
      attachValidation: true,
      schema: {
        tags,
        summary: 'Registers a user with a company; sends the verification mail',
        body: registerSchema,
        querystring: languageQuery,
        response: { 200: registerReplySchema },
      },
    },
    async (request) => {
      if (request.validationError) throw await auth.invalidRegistration(deps, request.body);
      const { userId } = await auth.register(deps, request.body, request.lang);
      return { success: true as const, user_id: userId, message: request.t('auth:registration_success') };
    },
  );
  app.get(
    '/api/srl/email/verify/:id/:hash',
    {
      schema: {
        tags,
        summary: 'Signed link from the verification mail; redirects to login (verified, verification_expired or verification_invalid)',
        params: z.object({ id: z.string().max(20), hash: z.string().max(128) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(200).optional(),
          language: z.string().optional(),
        }),
        response: { 302: redirectReply },
      },
    },
    async (request, reply) => {
      const { status, lang, userId } = await auth.verifyEmail(deps, { ...request.params, ...request.query }, request.lang);
      // An expired link names its user, so the page can send a new one (the resend answers alike for everyone).
      return reply.redirect(`/${lang}/login/${status}${userId ? `?user=${userId}` : ''}`, 302);
    },
  );
  app.post(
    '/api/srl/email/verify/resend/:userId',
    {
      schema: {
        tags,
        summary: 'Sends a new verification link (5 per user and hour)',
        params: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await auth.resendVerification(deps, request.params.userId);
      return { success: true as const, message: request.t('auth:verification_sent') };
    },
  );

  // ---------------------------------------------------------------- login, logout, current user
  app.post(
    '/api/srl/login',
    {
      schema: {
        tags,
        summary: 'Logs in (rotates the session); may ask for the second factor',
        body: loginSchema,
        response: { 200: loginReplySchema },
      },
    },
    async (request, reply) => {
      const outcome = await auth.login(deps, request.body, request.ip);
      if (outcome.kind === 'two_factor') {
        await startLoginChallenge(request, reply, outcome.user);
        return { success: false, two_factor: true as const, message: request.t('auth:two_factor_required') };
      }
      await startSession(request, reply, outcome.user);
      return { success: true, message: request.t('auth:login_success') };
    },
  );
  app.post(
    '/api/srl/logout',
    { schema: { tags, summary: 'Logs out: the session is destroyed', response: { 200: okReplySchema } } },
    async (request, reply) => {
      await app.sessions.destroy(request, reply);
      return { success: true as const };
    },
  );
  app.get(
    '/api/srl/user',
    { preHandler: requireUser, schema: { tags, summary: 'The logged-in user', response: { 200: userReplySchema } } },
    async (request) => {
      if (!request.auth) throw unauthenticated();
      return { user: auth.publicUser(request.auth.user) };
    },
  );

  passwordResetRoutes(app);
  twoFactorRoutes(app);
}
