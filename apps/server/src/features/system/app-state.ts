import { PERMISSIONS, type AppState, type Language } from '@bookla/shared';
import type { FastifyRequest } from 'fastify';
import { can, twoFactorMissing } from '../../plugins/auth.ts';
import { teamsOfUser, toTeam, toTeamSettings } from '../teams/index.ts';

/** The app state (`appStateSchema` of @bookla/shared) of a request: logged in or not. */
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
      date_format: user.dateFormat ?? 'auto',
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
