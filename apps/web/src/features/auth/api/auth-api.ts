import type { RegisterInput } from '@bookla/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { parseAppState, setAppState } from '../../../lib/app-state';

/** The calls of registration, login, password resets and invitations (CONTRACT §3). */

export interface Validity {
  valid: boolean;
  message?: string;
}

export interface Done {
  success: true;
  message: string;
}

export interface InvitationLink {
  teamid: string;
  invitationid: string;
  hash: string;
}

export interface InvitationCheck {
  valid: boolean;
  user_found: boolean;
  team_name: string | null;
}

export const authKeys = {
  invitation: (link: InvitationLink) => ['auth', 'invitation', link.teamid, link.invitationid, link.hash] as const,
};

export const validators = {
  email: (email: string) => api.post<Validity>('/api/srl/validator/unique/user/email', { email }),
  teamName: (name: string) => api.post<Validity>('/api/srl/validator/unique/team/name', { name }),
  country: (country: string) => api.post<Validity>('/api/srl/validator/country', { country }),
  vatId: (vatId: string, country: string) => api.post<Validity>('/api/srl/validator/vat_id', { vat_id: vatId, country }),
};

export const registerAccount = (input: RegisterInput) => api.post<Done & { user_id: number }>('/api/srl/register', input);

/** 200: logged in, or the second factor is needed. Refusals come as 422 (see `loginRefusal`). */
export interface LoginReply {
  success: boolean;
  message: string;
  two_factor?: boolean;
}

export const login = (input: { email: string; password: string }) => api.post<LoginReply>('/api/srl/login', input);
export const loginTwoFactor = (code: string) => api.post<Done>('/api/srl/login/two-factor', { code });
export const resendVerification = (userId: number) => api.post<Done>(`/api/srl/email/verify/resend/${userId}`);

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
  setAppState(parseAppState(await api.get('/api/srl/state', { language: false })));
}

export const requestPasswordReset = (email: string) => api.post<Done>('/api/srl/password/reset/mail', { email });

export type ResetAudience = 'staff' | 'customer';
export interface ResetPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export const submitPasswordReset = (audience: ResetAudience, payload: ResetPayload) =>
  api.post<Done>(audience === 'staff' ? '/api/srl/password/reset/submit' : '/customer/password/reset/submit', payload);

const invitationPath = (link: InvitationLink, action: 'validate' | 'accept') =>
  `/api/srl/team/${encodeURIComponent(link.teamid)}/invite/${encodeURIComponent(link.invitationid)}/${action}/${encodeURIComponent(link.hash)}`;

export function useInvitationCheck(link: InvitationLink) {
  return useQuery({
    queryKey: authKeys.invitation(link),
    queryFn: ({ signal }) => api.get<InvitationCheck>(invitationPath(link, 'validate'), { signal }),
    // Accepting uses the link up; asking again later would only say "expired".
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

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
export const acceptInvitation = (link: InvitationLink, user?: InviteUser) =>
  api.post<Done>(invitationPath(link, 'accept'), user ? { user } : {});
