import type { ActivityKind, ActivityStatus, Language, Role, Translated } from '@bookla/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  activities,
  activitySessions,
  emails,
  teamMembers,
  teams,
  ticketReservations,
  tickets,
  typeSets,
  users,
} from '../db/schema/index.ts';
import { createDefaultTypeSets } from '../features/catalogue/setup/index.ts';
import { startTeamPlan } from '../features/platform/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { TestClient } from './build-test-app.ts';

/**
 * Test data, inserted directly (no HTTP, no mails). The default password's argon2id hash is
 * precomputed, so creating users costs no hashing; another password is hashed once and cached.
 */
export const DEFAULT_PASSWORD = 'correct horse battery';
const DEFAULT_HASH = '$argon2id$v=19$m=19456,t=2,p=1$+MBOVi0/TO/Dk1mDdjRrLQ$2NCLLn6EAFn5F9dak5tgnYFuLrHIeYGmTInaG1ctLGs';
const hashes = new Map<string, Promise<string>>([[DEFAULT_PASSWORD, Promise.resolve(DEFAULT_HASH)]]);
const hashFor = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface UserWithTeamOptions {
  email?: string;
  password?: string;
  /** Role in the team; `owner` (default) also owns a new team. */
  role?: Role;
  verified?: boolean;
  teamName?: string;
  /** Join this existing team instead of creating one. */
  teamId?: number;
  firstname?: string;
  lastname?: string;
  language?: Language;
}

export type TestUser = typeof users.$inferSelect;
export type TestTeam = typeof teams.$inferSelect;

export async function createUserWithTeam(
  db: Db,
  opts: UserWithTeamOptions = {},
): Promise<{ user: TestUser; team: TestTeam; password: string }> {
  const password = opts.password ?? DEFAULT_PASSWORD;
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email ?? `user-${id}@example.com`,
      firstname: opts.firstname ?? 'Anna',
      lastname: opts.lastname ?? 'Muster',
      salutation: 'mrs',
      passwordHash: await hashFor(password),
      language: opts.language ?? 'de',
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  let team: TestTeam | undefined;
  if (opts.teamId) {
    [team] = await db.select().from(teams).where(eq(teams.id, opts.teamId));
  } else {
    [team] = await db
      .insert(teams)
      .values({
        name: opts.teamName ?? `Team ${id}`,
        ownerId: user!.id,
        phonePrefix: '+41',
        phoneNumber: '441234567',
        currency: 'CHF',
        languages: ['de', 'en'],
        timeZone: 'Europe/Zurich',
        billingAddress: 'Bahnhofstrasse 1',
        billingCity: 'Zürich',
        billingPostalCode: '8001',
        billingCountry: 'CH',
      })
      .returning();
  }
  // A new team has its default type sets and its first plan (Pay-As-You-Go), as after registration or POST /api/team.
  if (!opts.teamId) await createDefaultTypeSets(db, team!.id);
  if (!opts.teamId) await startTeamPlan(db, team!.id);
  await db.insert(teamMembers).values({ teamId: team!.id, userId: user!.id, role: opts.role ?? 'owner' });
  const [updated] = await db.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, user!.id)).returning();
  return { user: updated!, team: team!, password };
}

/** A client logged in through the real login route (CSRF and session rotation included). */
export async function loginAs(app: FastifyInstance, email: string, password: string = DEFAULT_PASSWORD): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.post('/api/srl/login', { email, password });
  if (res.statusCode !== 200 || res.json().success !== true) throw new Error(`loginAs(${email}) failed: ${res.statusCode} ${res.body}`);
  return client;
}

// Teams, staff and their mails.

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

// Catalogue rows, inserted directly (tickets, reservations, products, the public read model).

export async function makeActivity(
  db: Db,
  teamId: number,
  opts: { kind?: ActivityKind; status?: ActivityStatus; name?: Translated; locationId?: number | null } = {},
) {
  const kind = opts.kind ?? 'course';
  const [set] = await db
    .insert(typeSets)
    .values({ teamId, kind, name: { de: kind === 'course' ? 'Kurs' : 'Event', en: kind === 'course' ? 'Course' : 'Event' } })
    .returning();
  const [row] = await db
    .insert(activities)
    .values({
      teamId,
      typeSetId: set!.id,
      kind,
      status: opts.status ?? 'published',
      name: opts.name ?? { de: 'Yoga am Morgen', en: 'Morning yoga' },
      locationId: opts.locationId ?? null,
    })
    .returning();
  return row!;
}

export async function makeSession(
  db: Db,
  teamId: number,
  activityId: number,
  startsAt: Date,
  opts: { status?: 'scheduled' | 'cancelled'; minutes?: number } = {},
) {
  const [row] = await db
    .insert(activitySessions)
    .values({
      teamId,
      activityId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (opts.minutes ?? 60) * 60_000),
      status: opts.status ?? 'scheduled',
    })
    .returning();
  return row!;
}

export async function makeTicket(db: Db, teamId: number, activityId: number, values: Partial<typeof tickets.$inferInsert> = {}) {
  const [row] = await db
    .insert(tickets)
    .values({ teamId, activityId, name: { de: 'Eintritt', en: 'Admission' }, priceMinor: 2500, currency: 'CHF', stock: 10, ...values })
    .returning();
  return row!;
}

/** A reservation that ends `minutes` from now (negative: already expired). */
export async function makeReservation(db: Db, teamId: number, ticketId: number, quantity: number, minutes: number, holder = 'test') {
  await db.insert(ticketReservations).values({ teamId, ticketId, quantity, holder, expiresAt: new Date(Date.now() + minutes * 60_000) });
}

export const inDays = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

// Timetable set-up through HTTP (timetable, resources and calendar tests).

export async function createActivity(client: TestClient, name = 'Yoga'): Promise<number> {
  const typeSetId = (await client.get('/api/course/type_sets')).json().data[0].id;
  const res = await client.post('/api/course/store', { type_set_id: typeSetId, name: { de: name, en: `${name} EN` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course_id;
}

/** A company (de + en, Europe/Zurich) with its owner and one course. */
export async function ownerWithActivity(app: FastifyInstance): Promise<Staff & { activityId: number }> {
  const a = await owner(app);
  return { ...a, activityId: await createActivity(a.client) };
}

export async function addSession(client: TestClient, activityId: number, startsAt: string, endsAt: string): Promise<number> {
  const res = await client.post(`/api/courses/${activityId}/sessions`, { starts_at: startsAt, ends_at: endsAt });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A resource group with resources of the given capacities; returns the resource ids. */
export async function addResources(client: TestClient, capacities: number[], name = 'Räume'): Promise<{ groupId: number; ids: number[] }> {
  const res = await client.post('/api/sa/resources', {
    name: { de: name, en: `${name} EN` },
    kind: 'room',
    resources: capacities.map((capacity, i) => ({ name: { de: `${name} ${i + 1}`, en: `${name} ${i + 1} EN` }, capacity })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { groupId: res.json().data.id, ids: res.json().data.resources.map((r: { id: number }) => r.id) };
}
