import type { appStateSchema } from '@bookla/shared/app-state';
import {
  acceptInvitationSchema,
  countryCheckSchema,
  emailCheckSchema,
  forgotSchema,
  loginReplySchema,
  loginSchema,
  registerReplySchema,
  registerSchema,
  resetSchema,
  teamNameCheckSchema,
  twoFactorCodeSchema,
  validityReplySchema,
  vatIdCheckSchema,
  type InviteRegistrationInput,
  type RegisterInput,
} from '@bookla/shared/auth';
import { successSchema } from '@bookla/shared/replies';
import { invitationCheckReplySchema } from '@bookla/shared/teams';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { parseAppState, setAppState } from '../../../lib/app-state';

/** The calls of registration, login, password resets and invitations (CONTRACT §3). */

export interface InvitationLink {
  teamid: string;
  invitationid: string;
  hash: string;
}

export const authKeys = {
  invitation: (link: InvitationLink) => ['auth', 'invitation', link.teamid, link.invitationid, link.hash] as const,
};

export const validators = {
  email: (email: string) =>
    api.post('/api/srl/validator/unique/user/email', { email }, { body: emailCheckSchema, reply: validityReplySchema }),
  teamName: (name: string) =>
    api.post('/api/srl/validator/unique/team/name', { name }, { body: teamNameCheckSchema, reply: validityReplySchema }),
  country: (country: string) =>
    api.post('/api/srl/validator/country', { country }, { body: countryCheckSchema, reply: validityReplySchema }),
  vatId: (vatId: string, country: string) =>
    api.post('/api/srl/validator/vat_id', { vat_id: vatId, country }, { body: vatIdCheckSchema, reply: validityReplySchema }),
};

export const registerAccount = (input: RegisterInput) =>
  api.post('/api/srl/register', input, { body: registerSchema, reply: registerReplySchema });

export const login = (input: { email: string; password: string }) =>
  api.post('/api/srl/login', input, { body: loginSchema, reply: loginReplySchema });
export const loginTwoFactor = (code: string) =>
  api.post('/api/srl/login/two-factor', { code }, { body: twoFactorCodeSchema, reply: successSchema });
export const resendVerification = (userId: number) =>
  api.post(`/api/srl/email/verify/resend/${userId}`, undefined, { reply: successSchema });

/** A 422 of the login that asks for e-mail verification first. */
export function verificationNeeded(error: unknown): { userId: number; message: string } | null {
  if (!isApiError(error, 422)) return null;
  const body = error.body as { need_verification?: unknown; user_id?: unknown } | undefined;
  if (body?.need_verification !== true || typeof body.user_id !== 'number') return null;
  return { userId: body.user_id, message: error.message };
}

/**
 * After the server accepted the credentials: it rotated the session and set a new XSRF cookie.
 * The back office reads user, team and permissions from the app state, so load it now.
 */
export async function loadSessionState(): Promise<void> {
  setAppState(parseAppState(await api.get<typeof appStateSchema>('/api/srl/state', { language: false })));
}

export const requestPasswordReset = (email: string) =>
  api.post('/api/srl/password/reset/mail', { email }, { body: forgotSchema, reply: successSchema });

export type ResetAudience = 'staff' | 'customer';
export interface ResetPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export const submitPasswordReset = (audience: ResetAudience, payload: ResetPayload) =>
  api.post(audience === 'staff' ? '/api/srl/password/reset/submit' : '/customer/password/reset/submit', payload, {
    body: resetSchema,
    reply: successSchema,
  });

const invitationPath = (link: InvitationLink, action: 'validate' | 'accept') =>
  `/api/srl/team/${encodeURIComponent(link.teamid)}/invite/${encodeURIComponent(link.invitationid)}/${action}/${encodeURIComponent(link.hash)}`;

export function useInvitationCheck(link: InvitationLink) {
  return useQuery({
    queryKey: authKeys.invitation(link),
    queryFn: ({ signal }) => api.get(invitationPath(link, 'validate'), { signal, reply: invitationCheckReplySchema }),
    // Accepting uses the link up; asking again later would only say "expired".
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The invite registration form's values (the consent a checkbox's boolean until checked). */
export interface InviteUser {
  salutation: string;
  firstname: string;
  lastname: string;
  password: string;
  password_confirm: string;
  agb: boolean;
  newsletter: boolean;
}
/** Without `user`: the invited address has an account already (one click). */
export const acceptInvitation = (link: InvitationLink, user?: InviteRegistrationInput) =>
  api.post(invitationPath(link, 'accept'), user ? { user } : {}, { body: acceptInvitationSchema, reply: successSchema });
