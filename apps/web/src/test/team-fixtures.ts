import { PERMISSIONS, roleHas, type Role } from '@bookla/shared/permissions';
import type { Invitation, Team } from '@bookla/shared/teams';
import type { AppState, AppUser } from '../lib/app-state';
import { fakeFetch, json, type FakeCall } from './fake-fetch';

/** Test data and a fake server for the back-office screens. */

export function makeTeam(id: number, name: string, role: Role = 'owner'): Team {
  return {
    id,
    name,
    phone_prefix: '+41',
    phone_number: '44 123 45 67',
    currency: 'CHF',
    languages: ['de', 'en'],
    time_zone: 'Europe/Zurich',
    billing_address: 'Bahnhofstrasse 1',
    billing_address_line_2: null,
    billing_city: 'Zürich',
    billing_state: null,
    billing_postal_code: '8001',
    billing_country: 'CH',
    vat_id: null,
    checklist_completed: false,
    logo_url: `/avatar/team/${id}`,
    has_logo: false,
    role,
  };
}

/** A pending invitation as `GET/POST /api/team/invitations` answer it (invitationSchema). */
export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 1,
    email: 'lea@example.ch',
    role: 'editor',
    language: 'de',
    status: 'pending',
    expires_at: '2026-12-05T10:00:00.000Z',
    created_at: '2026-11-28T10:00:00.000Z',
    invited_by: 'Anna Muster',
    ...overrides,
  };
}

/** The logged-in user as the app state carries it. */
export function appUser(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 7,
    firstname: 'Anna',
    lastname: 'Muster',
    email: 'anna@example.ch',
    salutation: 'mrs',
    language: 'en',
    two_factor_enabled: false,
    date_format: 'auto',
    ...overrides,
  };
}

/** The app state of a logged-in user of `team` with the role's permissions. */
export function loggedInState(team: Team | null, teams: Team[] = team ? [team] : [], overrides: Partial<AppState> = {}): AppState {
  const role = team?.role ?? null;
  return {
    authenticated: true,
    user: appUser(),
    language: 'en',
    appName: 'Bookla',
    role,
    team,
    teams,
    features: team ? { subscriptions: false, waiting_list: true, resources: true, embeds: true } : null,
    team_settings: null,
    permissions: role ? PERMISSIONS.filter((p) => roleHas(role, p)) : [],
    two_factor_required: false,
    ...overrides,
  };
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/**
 * A fake API: `'GET /api/team/general': () => json(...)`. Permission checks answer from
 * `granted` (default: everything); anything else is a 404 like the real server's.
 */
export function fakeApi(handlers: Record<string, Handler>, granted: (name: string) => boolean = () => true) {
  return fakeFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    const handler = handlers[`${call.method} ${path}`];
    if (handler) return handler(call);
    if (path === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
    const permission = /^\/api\/srl\/permission\/(.+)$/.exec(path);
    if (permission) return granted(decodeURIComponent(permission[1] ?? '')) ? json({ success: true }) : json({ success: false }, 403);
    return json({ message: 'Not Found' }, 404);
  });
}
