import type { Role } from '@bookla/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emails, teams, users } from '../../db/schema/index.ts';
import type { TestClient } from '../../test/build-test-app.ts';
import { createUserWithTeam, loginAs, type TestTeam, type TestUser } from '../../test/factories.ts';

/** Shared set-up of the teams feature's tests. */

export interface Staff {
  user: TestUser;
  team: TestTeam;
  client: TestClient;
}

/** A new company with its owner, logged in. */
export async function owner(app: FastifyInstance, opts: { teamName?: string; email?: string; firstname?: string } = {}): Promise<Staff> {
  const { user, team } = await createUserWithTeam(app.deps.db, opts);
  return { user, team, client: await loginAs(app, user.email) };
}

/** A staff member of an existing company, logged in. */
export async function staff(app: FastifyInstance, team: TestTeam, role: Role, opts: { email?: string } = {}): Promise<Staff> {
  const { user } = await createUserWithTeam(app.deps.db, { teamId: team.id, role, ...opts });
  return { user, team, client: await loginAs(app, user.email) };
}

/** Marks two-factor authentication as set up (the login already happened). */
export async function enableTwoFactor(app: FastifyInstance, userId: number): Promise<void> {
  await app.deps.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
}

export async function requireTwoFactor(app: FastifyInstance, teamId: number, on = true): Promise<void> {
  await app.deps.db.update(teams).set({ require2fa: on }).where(eq(teams.id, teamId));
}

export async function userRow(app: FastifyInstance, id: number): Promise<TestUser> {
  const [row] = await app.deps.db.select().from(users).where(eq(users.id, id));
  return row!;
}

export async function teamRow(app: FastifyInstance, id: number): Promise<TestTeam> {
  const [row] = await app.deps.db.select().from(teams).where(eq(teams.id, id));
  return row!;
}

/** The newest mail of a kind to an address. */
export async function lastMail(app: FastifyInstance, to: string, kind = 'team_invitation') {
  const [row] = await app.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.id))
    .limit(1);
  return row;
}

/** The accept link of an invitation mail → its parts. */
export function inviteLink(text: string): { lang: string; teamId: string; invitationId: string; token: string; url: string } {
  const m = /(http:\/\/localhost:3000\/(de|en|fr)\/accept-invite\/(\d+)\/(\d+)\/([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return { url: m[1]!, lang: m[2]!, teamId: m[3]!, invitationId: m[4]!, token: m[5]! };
}

let n = 0;
/** A unique suffix for names and addresses. */
export const uid = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A valid body for POST /api/team. */
export function companyBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    phone_prefix: '+41',
    phone_number: '31 123 45 67',
    currency: 'CHF',
    languages: ['de', 'fr'],
    time_zone: 'Europe/Zurich',
    billing_address: 'Marktgasse 5',
    billing_address_line_2: '',
    billing_city: 'Bern',
    billing_state: '',
    billing_postal_code: '3011',
    billing_country: 'CH',
    vat_id: '',
    ...extra,
  };
}
