import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activitySessions, authTokens, customerSessions, customers, orderItems, orders, teams } from '../../../db/schema/index.ts';

/**
 * SQL of customer accounts: the team's customers, their mailed-link tokens and their sessions.
 * Every query is scoped by the team (a customer row belongs to one team's shop).
 */
export type CustomerRow = typeof customers.$inferSelect;
export type CustomerTokenKind = 'customer_magic_link' | 'customer_verify_email';

const sameEmail = (email: string) => sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`;

export async function findTeam(db: DbOrTx, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, timeZone: teams.timeZone, country: teams.billingCountry })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function findCustomerByEmail(db: DbOrTx, teamId: number, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.teamId, teamId), sameEmail(email)));
  return row;
}

export async function findCustomer(db: DbOrTx, teamId: number, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.teamId, teamId), eq(customers.id, id)));
  return row;
}

/** The team's customer of this address, created when there is none yet (checkout creates them too). */
export async function ensureCustomer(
  db: DbOrTx,
  teamId: number,
  values: { email: string; firstname?: string; lastname?: string; language: CustomerRow['language'] },
): Promise<CustomerRow> {
  await db
    .insert(customers)
    .values({
      teamId,
      email: values.email.trim(),
      firstname: values.firstname ?? '',
      lastname: values.lastname ?? '',
      language: values.language,
    })
    .onConflictDoNothing();
  const row = await findCustomerByEmail(db, teamId, values.email);
  if (!row) throw new Error('customer row missing after insert');
  return row;
}

export async function setPassword(db: DbOrTx, teamId: number, id: number, passwordHash: string | null, language?: CustomerRow['language']) {
  await db
    .update(customers)
    .set({ passwordHash, updatedAt: new Date(), ...(language ? { language } : {}) })
    .where(and(eq(customers.teamId, teamId), eq(customers.id, id)));
}

/** The address is proven (a mailed link was opened). Keeps the first moment. */
export async function markVerified(db: DbOrTx, teamId: number, id: number): Promise<void> {
  await db
    .update(customers)
    .set({ emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(customers.teamId, teamId), eq(customers.id, id)));
}

// ─── Mailed-link tokens (auth_tokens; only the SHA-256 is stored) ──────────

/** A new link voids the customer's older unused links of the same kind. */
export async function replaceToken(db: DbOrTx, kind: CustomerTokenKind, customerId: number, tokenHash: string, expiresAt: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.subjectId, customerId), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({ kind, subjectId: customerId, tokenHash, expiresAt });
}

/**
 * Uses up a live link of one of this team's customers in one conditional UPDATE (single use also
 * under concurrent clicks). Undefined for an unknown, used, expired or other team's token.
 */
export async function consumeToken(db: DbOrTx, teamId: number, tokenHash: string) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.kind, ['customer_magic_link', 'customer_verify_email']),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
        sql`EXISTS (SELECT 1 FROM ${customers} c WHERE c.id = ${authTokens.subjectId} AND c.team_id = ${teamId})`,
      ),
    )
    .returning({ kind: authTokens.kind, customerId: authTokens.subjectId });
  return row as { kind: CustomerTokenKind; customerId: number } | undefined;
}

// ─── Sessions ──────────────────────────────────────────────────────────────

export async function insertSession(db: DbOrTx, row: typeof customerSessions.$inferInsert): Promise<void> {
  await db.insert(customerSessions).values(row);
}

/** The session with its customer, only when both belong to the team. */
export async function findSession(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select({ session: customerSessions, customer: customers })
    .from(customerSessions)
    .innerJoin(customers, and(eq(customers.id, customerSessions.customerId), eq(customers.teamId, customerSessions.teamId)))
    .where(and(eq(customerSessions.id, id), eq(customerSessions.teamId, teamId)));
  return row;
}

export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(customerSessions).set({ lastSeenAt: at }).where(eq(customerSessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.id, id));
}

/** Ends the customer's sessions (a new password), optionally keeping one. */
export async function deleteCustomerSessions(db: DbOrTx, customerId: number, exceptId?: string): Promise<void> {
  await db
    .delete(customerSessions)
    .where(
      exceptId
        ? and(eq(customerSessions.customerId, customerId), ne(customerSessions.id, exceptId))
        : eq(customerSessions.customerId, customerId),
    );
}

/** The customer's expired sessions (run at each login, so the table does not keep them). */
export async function deleteExpiredSessions(db: DbOrTx, customerId: number, idleBefore: Date): Promise<void> {
  await db
    .delete(customerSessions)
    .where(
      and(
        eq(customerSessions.customerId, customerId),
        or(lt(customerSessions.expiresAt, sql`now()`), lt(customerSessions.lastSeenAt, idleBefore)),
      ),
    );
}

// ─── Bookings ──────────────────────────────────────────────────────────────

/** One page of the team's orders of this address, newest first, and how many there are. */
export async function bookingPage(db: DbOrTx, teamId: number, email: string, page: number, perPage: number) {
  const where = and(eq(orders.teamId, teamId), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The lines of these orders: activity, its name as sold, seats, and the date the booking starts. */
export async function bookingLines(db: DbOrTx, teamId: number, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      activityId: orderItems.activityId,
      activityName: orderItems.activityName,
      quantity: orderItems.quantity,
      // Table-qualified by hand: inside a selected expression drizzle writes a column without its table.
      startsAt: sql<Date | string | null>`coalesce(
        (SELECT s.starts_at FROM ${activitySessions} s WHERE s.id = "order_items"."session_id"),
        (SELECT min(s.starts_at) FROM ${activitySessions} s WHERE s.activity_id = "order_items"."activity_id" AND s.status = 'scheduled'))`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.teamId, teamId), inArray(orderItems.orderId, [...orderIds])))
    .orderBy(orderItems.orderId, orderItems.sort, orderItems.id);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt === null ? null : new Date(r.startsAt) }));
}
