import type { Language, Role } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { teamMembers, teams, users } from '../db/schema/index.ts';
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
