import {
  successSchema,
  twoFactorCodeSchema,
  twoFactorConfirmReplySchema,
  twoFactorDisableSchema,
  twoFactorSetupReplySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UserRow } from './auth.repo.ts';
import * as twoFactor from './two-factor.ts';

/** The second login step and the two-factor setup (TOTP, recovery codes). */
const tags = ['auth'];

/** Session data of a login waiting for its second factor, and of a setup waiting for its first code. */
const PENDING_USER = 'pending_2fa_user_id';
const PENDING_AT = 'pending_2fa_at';
const PENDING_SECRET = 'pending_totp_secret';

/** Logs the user in on a fresh session id; pending two-factor state does not carry over. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  if (request.session) for (const k of [PENDING_USER, PENDING_AT, PENDING_SECRET]) delete request.session.data[k];
  await request.server.sessions.rotate(request, reply, { userId: user.id, teamId: user.currentTeamId });
}

/** Password accepted, second factor due: remember who (not logged in yet). */
export async function startLoginChallenge(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  const session = await request.server.sessions.ensure(request, reply);
  await request.server.sessions.update(request, { data: { ...session.data, [PENDING_USER]: user.id, [PENDING_AT]: Date.now() } });
}

const currentUser = (request: FastifyRequest): UserRow => {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
};

export function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/api/srl/login/two-factor',
    {
      schema: {
        tags,
        summary: 'Second login step: TOTP code or a (single-use) recovery code',
        body: twoFactorCodeSchema,
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      const data = request.session?.data ?? {};
      const u = await twoFactor.completeLogin(deps, { userId: data[PENDING_USER], at: data[PENDING_AT] }, request.body.code, request.ip);
      await startSession(request, reply, u);
      return { success: true as const, message: request.t('auth:login_success') };
    },
  );
  app.post(
    '/api/srl/two-factor/setup',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Starts TOTP setup: a new secret, pending until confirmed',
        response: { 200: twoFactorSetupReplySchema },
      },
    },
    async (request) => {
      const { secret, otpauth_url, pendingEncrypted } = twoFactor.startSetup(deps, currentUser(request));
      await app.sessions.update(request, { data: { ...request.session!.data, [PENDING_SECRET]: pendingEncrypted } });
      return { secret, otpauth_url };
    },
  );
  app.post(
    '/api/srl/two-factor/confirm',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Confirms TOTP setup with a code; returns the recovery codes once',
        body: twoFactorCodeSchema,
        response: { 200: twoFactorConfirmReplySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = request.session!;
      const codes = await twoFactor.confirmSetup(deps, user, session.data[PENDING_SECRET], request.body.code, request.ip);
      delete session.data[PENDING_SECRET];
      // A new security level: a new session id here, and every other session of the user ends.
      const fresh = await app.sessions.rotate(request, reply, { userId: user.id, teamId: session.teamId });
      await app.sessions.destroyUserSessions(user.id, fresh.id);
      return { success: true as const, recovery_codes: codes, message: request.t('auth:two_factor_enabled') };
    },
  );
  app.post(
    '/api/srl/two-factor/disable',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Turns two-factor authentication off (needs the password and a TOTP or recovery code)',
        body: twoFactorDisableSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await twoFactor.disable(deps, currentUser(request), request.body, request.ip);
      return { success: true as const, message: request.t('auth:two_factor_disabled') };
    },
  );
}
