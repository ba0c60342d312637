import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { customers, emails, orderEvents } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { TestClient } from '../../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, makeActivity, makeTicket, type Staff } from '../../../test/factories.ts';
import { teamSellingSettings } from '../../../db/schema/index.ts';
import { makeOrder, type MakeOrderOptions } from '../../../test/selling-factories.ts';

/** Tests only: set-up the customer-account tests share. */

export const PASSWORD = 'Wasserfall-Morgen-9';
let seq = 0;
export const address = () => `kunde${++seq}.${Date.now().toString(36)}@example.com`;
export const api = (teamId: number, path: string) => `/api/customer/teams/${teamId}${path}`;

/** The mails to an address, newest first, after the due jobs ran (log-in links are written by a job). */
export async function mailsTo(app: FastifyInstance, to: string, kind?: string) {
  await app.deps.jobs.runDue();
  const rows = await app.deps.db.select().from(emails).where(eq(emails.toAddress, to)).orderBy(desc(emails.id));
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** The token of the newest account mail's link (`/{lang}/shop/{team}/account/link?token=…`). */
export async function linkToken(app: FastifyInstance, to: string, kind: string): Promise<string> {
  const [mail] = await mailsTo(app, to, kind);
  const m = /\/(de|en|fr)\/shop\/(\d+)\/account\/link\?token=([A-Za-z0-9_%-]+)/.exec(mail?.textBody ?? '');
  if (!m) throw new Error(`no account link in ${kind} mail to ${to}`);
  return decodeURIComponent(m[3]!);
}

export async function customerRow(app: FastifyInstance, teamId: number, email: string) {
  const [row] = await app.deps.db
    .select()
    .from(customers)
    .where(and(eq(customers.teamId, teamId), eq(customers.email, email)));
  return row!;
}

/** An order as the checkout leaves it: with the team's customer row of its address. */
export async function placedOrder(app: FastifyInstance, teamId: number, opts: MakeOrderOptions & { email: string }) {
  await app.deps.db
    .insert(customers)
    .values({ teamId, email: opts.email, firstname: 'Anna', lastname: 'Muster', language: 'de' })
    .onConflictDoNothing();
  return makeOrder(app.deps.db, teamId, opts);
}

/** A customer with a confirmed address, logged in (register → mailed link → landing). */
export async function verifiedCustomer(app: FastifyInstance, teamId: number, email = address()) {
  const client = new TestClient(app);
  const reg = await client.post(api(teamId, '/register?language=en'), { email, password: PASSWORD, firstname: 'Nina' });
  expect(reg.statusCode, reg.body).toBe(200);
  const landed = await client.post(api(teamId, '/link'), { token: await linkToken(app, email, 'customer_verify_email') });
  expect(landed.statusCode, landed.body).toBe(200);
  return { client, email };
}

/** A team that sells (invoice and test mode), with an activity and a CHF 25 ticket. */
export async function makeShop(db: Db) {
  const { team } = await createUserWithTeam(db);
  await db
    .insert(teamSellingSettings)
    // Test mode beside invoice: only the demo provider may (issue 20), so this shop is marked as one.
    .values({ teamId: team.id, invoiceEnabled: true, iban: 'CH9300762011623852957', testModeEnabled: true, isDemo: true });
  const activity = await makeActivity(db, team.id);
  const ticket = await makeTicket(db, team.id, activity.id, { stock: 10, priceMinor: 2500 });
  return { team, teamId: team.id, activity, ticket };
}

/** Stripe on, through the back office's own call (test mode may not be on beside it: issue 20). */
export async function configurePayments(team: Staff, stripe: { secretKey: string; webhookSecret: string }): Promise<void> {
  const res = await team.client.request('PUT', '/api/config/integration', {
    stripe: {
      enabled: true,
      publishable_key: 'pk_test_' + stripe.secretKey.slice(8),
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
      account_id: null,
    },
    // Stripe keys are where the money goes: the owner's password confirms them (issue 20).
    current_password: DEFAULT_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`integration settings: ${res.statusCode} ${res.body}`);
}

export async function eventsOf(db: Db, orderId: number, type: string) {
  return (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).filter(
    (e) => e.type === type,
  );
}
