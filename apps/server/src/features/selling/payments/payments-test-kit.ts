import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { emails, orderEvents, orders, paymentEvents, payments, tickets } from '../../../db/schema/index.ts';
import { DEFAULT_PASSWORD, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import type { OnlineProvider } from './adapters.ts';

/** Tests only: set-up and read-outs the payment tests share. */

let seq = 0;

/** Turns a team's payment integrations on through the back office's own call. */
export async function configurePayments(
  team: Staff,
  body: {
    stripe?: { secretKey: string; webhookSecret: string; accountId?: string | null };
    datatrans?: { merchantId: string; password: string; hmacKey: string };
    testMode?: boolean;
  },
): Promise<void> {
  const res = await team.client.request('PUT', '/api/config/integration', {
    ...(body.stripe
      ? {
          stripe: {
            enabled: true,
            publishable_key: 'pk_test_' + body.stripe.secretKey.slice(8),
            secret_key: body.stripe.secretKey,
            webhook_secret: body.stripe.webhookSecret,
            account_id: body.stripe.accountId ?? null,
          },
        }
      : {}),
    ...(body.datatrans
      ? {
          datatrans: {
            enabled: true,
            merchant_id: body.datatrans.merchantId,
            password: body.datatrans.password,
            hmac_key: body.datatrans.hmacKey,
            sandbox: true,
          },
        }
      : {}),
    ...(body.testMode !== undefined ? { test_mode: { enabled: body.testMode } } : {}),
    // Provider keys are where the money goes: the owner's password confirms them (issue 20).
    ...(body.stripe || body.datatrans ? { current_password: DEFAULT_PASSWORD } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`integration settings: ${res.statusCode} ${res.body}`);
}

/**
 * An order as the checkout leaves it before the buyer pays: `waiting`, seats taken, one pending
 * payment attempt of the provider. Each gets its own buyer address (to count its mails).
 */
export async function waitingOrder(
  db: Db,
  teamId: number,
  ticketId: number,
  provider: OnlineProvider,
  opts: { seats?: number; holdUntil?: Date | null; platformFeeMinor?: number } = {},
) {
  const email = `buyer${++seq}-${Date.now().toString(36)}@example.com`;
  const participants = Array.from({ length: opts.seats ?? 1 }, (_, i) => ({ firstname: `P${i}`, lastname: 'Muster' }));
  const made = await makeOrder(db, teamId, {
    ticketId,
    paymentStatus: 'waiting',
    paymentType: provider,
    participants,
    email,
    holdUntil: opts.holdUntil,
  });
  if (opts.platformFeeMinor !== undefined)
    await db.update(orders).set({ platformFeeMinor: opts.platformFeeMinor }).where(eq(orders.id, made.order.id));
  const [payment] = await db
    .insert(payments)
    .values({
      teamId,
      orderId: made.order.id,
      provider,
      status: 'pending',
      amountMinor: made.order.totalMinor,
      currency: made.order.currency,
    })
    .returning();
  return { order: made.order, payment: payment!, email };
}

export async function orderRow(db: Db, orderId: number) {
  return (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
}

export async function paymentRow(db: Db, paymentId: number) {
  return (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
}

export async function soldSeats(db: Db, ticketId: number): Promise<number> {
  return (await db.select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.sold;
}

export async function eventsOf(db: Db, orderId: number, type?: string) {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  return type ? rows.filter((r) => r.type === type) : rows;
}

export async function mailsTo(db: Db, to: string, kind?: string) {
  const rows = await db.select().from(emails).where(eq(emails.toAddress, to)).orderBy(emails.id);
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

export async function handledEvents(db: Db, provider: string, eventId?: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eventId ? eq(paymentEvents.eventId, eventId) : sql`true`));
}

/** A webhook delivery to `/api/webhooks/{provider}` (Stripe unless said), for the team's own endpoint (`?team=`) when `teamId` is given. */
export function webhook(
  app: FastifyInstance,
  delivery: { payload: string; headers: Record<string, string> },
  teamId?: number,
  provider: OnlineProvider = 'stripe',
) {
  const url = teamId === undefined ? `/api/webhooks/${provider}` : `/api/webhooks/${provider}?team=${teamId}`;
  return app.inject({ method: 'POST', url, payload: delivery.payload, headers: delivery.headers });
}
