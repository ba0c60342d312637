import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  authTokens,
  currencies,
  customerSessions,
  customers,
  referralSources,
  teamMembers,
  teams,
  timeZones,
  users,
} from '../../db/schema/index.ts';

/**
 * SQL of the auth feature. Accounts are not team-scoped (a user exists before any team), so
 * these functions take ids or e-mail addresses rather than a teamId; the customer queries
 * are scoped by their team.
 */
export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type TokenKind = (typeof authTokens.$inferSelect)['kind'];

const lowerEq = (column: typeof users.email | typeof customers.email, value: string) =>
  sql`lower(${column}) = ${value.trim().toLowerCase()}`;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(lowerEq(users.email, email));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  return !!(await findUserByEmail(db, email));
}

export async function teamNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(sql`lower(${teams.name}) = ${name.trim().toLowerCase()}`);
  return !!row;
}

export async function currencyExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, code.toUpperCase()));
  return !!row;
}

export async function timeZoneExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ name: timeZones.name }).from(timeZones).where(eq(timeZones.name, name));
  return !!row;
}

export async function referralExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: referralSources.code }).from(referralSources).where(eq(referralSources.code, code));
  return !!row;
}

export type NewUser = Pick<
  typeof users.$inferInsert,
  'email' | 'firstname' | 'lastname' | 'salutation' | 'passwordHash' | 'language' | 'newsletter' | 'referralId'
>;
export type NewTeam = Omit<typeof teams.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

/** User, team, owner membership and current team: run inside the registration's transaction. */
export async function insertAccount(tx: DbOrTx, user: NewUser, team: NewTeam): Promise<{ userId: number; teamId: number }> {
  const [u] = await tx.insert(users).values(user).returning({ id: users.id });
  const userId = u!.id;
  const [t] = await tx
    .insert(teams)
    .values({ ...team, ownerId: userId })
    .returning({ id: teams.id });
  const teamId = t!.id;
  await tx.insert(teamMembers).values({ teamId, userId, role: 'owner' });
  await tx.update(users).set({ currentTeamId: teamId, updatedAt: new Date() }).where(eq(users.id, userId));
  return { userId, teamId };
}

/** Sets email_verified_at once; returns false when it was already set (or the user is gone). */
export async function markEmailVerified(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUserPassword(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

// ------------------------------------------------------------------------------ tokens

/** A new token makes the subject's older unused ones useless. */
export async function replaceToken(db: DbOrTx, kind: TokenKind, subjectId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.subjectId, subjectId), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({ kind, subjectId, tokenHash, expiresAt });
}

/** An unused, unexpired token of the kind, by its hash. */
export async function findLiveToken(db: DbOrTx, kind: TokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())),
    );
  return row;
}

/** Marks a token used; false if another request used it first (single use under concurrency). */
export async function consumeToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------ customers

export async function findCustomerByEmail(db: DbOrTx, teamId: number, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.teamId, teamId), lowerEq(customers.email, email)));
  return row;
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** A reset link proves the address: the account counts as confirmed from now on, and its shop sessions end. */
export async function updateCustomerPassword(db: DbOrTx, customerId: number, passwordHash: string): Promise<void> {
  await db
    .update(customers)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
  await db.delete(customerSessions).where(eq(customerSessions.customerId, customerId));
}

export async function teamName(db: DbOrTx, teamId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

// ------------------------------------------------------------------------------ two-factor

export async function enableTotp(db: DbOrTx, userId: number, encryptedSecret: string, recoveryHashes: string[]): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: encryptedSecret, totpEnabledAt: new Date(), recoveryCodes: recoveryHashes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function disableTotp(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: [], updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Removes one recovery code atomically; false when it was not (or no longer) there. */
export async function consumeRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ recoveryCodes: sql`${users.recoveryCodes} - ${codeHash}::text`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.recoveryCodes} @> jsonb_build_array(${codeHash}::text)`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Records the TOTP step of an accepted code; false when that step (or a later one) was used already. */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length > 0;
}
