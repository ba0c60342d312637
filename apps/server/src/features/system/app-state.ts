import { PERMISSIONS, type Language, type Permission, type Role, type Team, type TeamFeatures, type TeamSettings } from '@bookla/shared';
import type { FastifyRequest } from 'fastify';
import { can, twoFactorMissing } from '../../plugins/auth.ts';
import { teamsOfUser, toTeam, toTeamSettings } from '../teams/teams.service.ts';

/**
 * The app-wide state the SPA starts with (spec §3), preloaded into index.html and also served
 * by GET /api/srl/state. Logged in, it also carries the user, the current company with the
 * role there, the list of companies, features, additional settings and the granted
 * permissions (so the sidebar renders at once; element-level checks still ask the server).
 */
export type AppState = {
  authenticated: boolean;
  user: Record<string, unknown> | null;
  language: Language;
  appName: string;
  role?: Role | null;
  team?: Team | null;
  teams?: Team[];
  features?: TeamFeatures | null;
  team_settings?: TeamSettings | null;
  permissions?: Permission[];
  /** The current company requires two-factor authentication and the user has not set it up. */
  two_factor_required?: boolean;
};

export async function buildAppState(request: FastifyRequest, lang: Language = request.lang): Promise<AppState> {
  const base: AppState = {
    authenticated: false,
    user: null,
    language: lang,
    appName: request.server.deps.config.appName,
  };
  const auth = request.auth;
  if (!auth) return base;
  const { user, team, role } = auth;
  const current = team && role ? team : null;
  const settings = current ? toTeamSettings(current) : null;
  return {
    ...base,
    authenticated: true,
    user: {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      salutation: user.salutation,
      language: user.language,
      two_factor_enabled: !!user.totpEnabledAt,
    },
    role: current ? role : null,
    team: current && role ? toTeam(current, role, can(request, 'team.manage')) : null,
    teams: await teamsOfUser(request.server.deps.db, user),
    features: settings?.features ?? null,
    team_settings: settings,
    permissions: PERMISSIONS.filter((p) => can(request, p)),
    two_factor_required: twoFactorMissing(request),
  };
}
