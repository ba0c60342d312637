import { WEBHOOK_RETRY_HOURS, WEBHOOK_SIGNATURE_HEADER } from '@bookla/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { eventData } from './payloads.ts';
import { postWebhook } from './send.ts';
import { signatureHeader } from './signature.ts';
import { endpointSecrets } from './secrets.ts';
import { mailEndpointDisabled } from './webhook.mails.ts';

/**
 * Fan-out and delivery (CONTRACT §8, decision 030), run by the background sweep
 * (`scheduleWebhookDeliveries`: one instance at a time), never in the request that caused the event.
 *
 * - **Fan-out**: events the triggers wrote (committed with what caused them) get their payload,
 *   built once, and one delivery per endpoint that wants them and was on when they happened.
 * - **Delivery**: per endpoint, the oldest pending delivery first, the next only after it
 *   succeeded — the order holds. A 2xx delivers it; anything else (another status, no answer in
 *   10 s, a refused address) is retried after 30 s, 1, 2, 4 … minutes (at most an hour apart).
 *   At least once: a delivery is marked delivered after the receiver's 2xx; a process that dies
 *   in between sends it again (the payload's `id` lets receivers drop repeats).
 * - After WEBHOOK_RETRY_HOURS of failures the delivery is given up (`failed`), the endpoint is
 *   switched off (`disabled_reason: failing`) and its team's owners are mailed; switching it on
 *   again sends what waited, in order.
 */
export interface WebhookDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'appUrl' | 'appName' | 'mailFrom'> & { webhooksAllowLocal?: boolean };
  log?: FastifyBaseLogger;
}

/** How often the sweep runs (the first delivery of an event goes out within about this). */
export const WEBHOOK_SWEEP_MS = 2_000;
/** Endpoints served side by side in one sweep; deliveries of one endpoint one after the other. */
const PARALLEL_ENDPOINTS = 4;
/** Deliveries of one endpoint per sweep at most (the rest in the next). */
const PER_ENDPOINT_PER_SWEEP = 50;
const FAN_OUT_BATCH = 100;

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, … at most 1 h. */
export function webhookBackoffMs(attempt: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

/** Gives the waiting events their payload and deliveries. Returns how many events were fanned out. */
export async function fanOut(deps: WebhookDeps, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(webhookEvents)
        .where(isNull(webhookEvents.fannedOutAt))
        .orderBy(asc(webhookEvents.id))
        .limit(FAN_OUT_BATCH)
        .for('update', { skipLocked: true });
      for (const e of events) {
        const data = await eventData(tx, e);
        const body = JSON.stringify({ id: e.publicId, type: e.type, created_at: e.createdAt.toISOString(), team_id: e.teamId, data });
        // Endpoints on when it happened that want it (a test event: its one endpoint, on or off).
        const targets = e.endpointId
          ? await tx
              .select({ id: webhookEndpoints.id })
              .from(webhookEndpoints)
              .where(and(eq(webhookEndpoints.teamId, e.teamId), eq(webhookEndpoints.id, e.endpointId)))
          : await tx
              .select({ id: webhookEndpoints.id })
              .from(webhookEndpoints)
              .where(
                and(
                  eq(webhookEndpoints.teamId, e.teamId),
                  eq(webhookEndpoints.enabled, true),
                  sql`${e.type} = ANY (${webhookEndpoints.events})`,
                  sql`${webhookEndpoints.createdAt} <= ${e.createdAt.toISOString()}::timestamptz`,
                ),
              );
        if (targets.length)
          await tx
            .insert(webhookDeliveries)
            .values(targets.map((t) => ({ teamId: e.teamId, endpointId: t.id, eventId: e.id, requestBody: body, nextAttemptAt: now })));
        await tx.update(webhookEvents).set({ data, fannedOutAt: now }).where(eq(webhookEvents.id, e.id));
      }
      return events.length;
    });
    total += n;
    if (n < FAN_OUT_BATCH) return total;
  }
}

/** Sends what is due, endpoint by endpoint in order. Returns how many attempts were made. */
export async function deliverDue(deps: WebhookDeps, now = new Date()): Promise<number> {
  const due = await deps.db.execute(sql`
    SELECT DISTINCT ON (d.endpoint_id) d.endpoint_id, d.next_attempt_at
    FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
    WHERE d.status = 'pending'
    ORDER BY d.endpoint_id, d.id`);
  const endpoints = (due as unknown as { rows: { endpoint_id: number; next_attempt_at: string | Date }[] }).rows
    .filter((r) => new Date(r.next_attempt_at).getTime() <= now.getTime())
    .map((r) => Number(r.endpoint_id));
  let attempts = 0;
  for (let i = 0; i < endpoints.length; i += PARALLEL_ENDPOINTS) {
    const results = await Promise.all(endpoints.slice(i, i + PARALLEL_ENDPOINTS).map((id) => drainEndpoint(deps, id, now)));
    attempts += results.reduce((a, b) => a + b, 0);
  }
  return attempts;
}

/** The fan-out, then the deliveries: one sweep. */
export async function runWebhookSweep(deps: WebhookDeps, now = new Date()): Promise<{ events: number; attempts: number }> {
  const events = await fanOut(deps, now);
  const attempts = await deliverDue(deps, now);
  return { events, attempts };
}

async function drainEndpoint(deps: WebhookDeps, endpointId: number, now: Date): Promise<number> {
  const { db, config } = deps;
  let attempts = 0;
  while (attempts < PER_ENDPOINT_PER_SWEEP) {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint?.enabled) return attempts;
    const [head] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
      .orderBy(asc(webhookDeliveries.id))
      .limit(1);
    if (!head || head.nextAttemptAt.getTime() > now.getTime()) return attempts;
    const [event] = await db
      .select({ publicId: webhookEvents.publicId, type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, head.eventId));
    const secrets = endpointSecrets(config, endpoint, now);
    const t = Math.floor(Date.now() / 1000);
    const result = await postWebhook(
      endpoint.url,
      head.requestBody,
      {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, head.requestBody, t),
        'Bookla-Event-Id': event?.publicId ?? '',
        'Bookla-Event-Type': event?.type ?? '',
        'Bookla-Delivery-Id': String(head.id),
      },
      { allowLocal: !!config.webhooksAllowLocal },
    );
    attempts++;
    const last = {
      attempts: head.attempts + 1,
      lastStatus: result.status,
      lastDurationMs: result.durationMs,
      lastResponse: 'excerpt' in result ? result.excerpt.slice(0, 1000) : null,
      lastError: 'error' in result ? result.error.slice(0, 500) : null,
    };
    if (result.ok) {
      await db
        .update(webhookDeliveries)
        .set({ ...last, status: 'delivered', deliveredAt: now, firstFailedAt: null })
        .where(and(eq(webhookDeliveries.id, head.id), eq(webhookDeliveries.status, 'pending')));
      continue;
    }
    const firstFailedAt = head.firstFailedAt ?? now;
    const givenUp = now.getTime() - firstFailedAt.getTime() >= WEBHOOK_RETRY_HOURS * 3_600_000;
    await db
      .update(webhookDeliveries)
      .set({
        ...last,
        firstFailedAt,
        status: givenUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(head.attempts + 1)),
      })
      .where(and(eq(webhookDeliveries.id, head.id), eq(webhookDeliveries.status, 'pending')));
    if (givenUp) await switchOffFailing(deps, endpoint.teamId, endpointId);
    return attempts;
  }
  return attempts;
}

/** After a day of failures: the endpoint goes off (once) and the owners are told. */
async function switchOffFailing(deps: WebhookDeps, teamId: number, endpointId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const off = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing', updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ url: webhookEndpoints.url });
    if (off[0]) await mailEndpointDisabled(tx, deps.config, teamId, off[0].url);
  });
  deps.log?.warn({ teamId, endpointId }, 'webhook endpoint switched off after a day of failed deliveries');
}

/** Deliveries still pending of these endpoints, per endpoint. */
export async function pendingCounts(
  db: Db,
  endpointIds: number[],
): Promise<Map<number, { pending: number; failingSince: Date | null; lastDeliveryAt: Date | null }>> {
  const out = new Map<number, { pending: number; failingSince: Date | null; lastDeliveryAt: Date | null }>();
  if (!endpointIds.length) return out;
  const rows = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      pending: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'pending')::int`,
      failingSince: sql<string | null>`min(${webhookDeliveries.firstFailedAt}) FILTER (WHERE ${webhookDeliveries.status} = 'pending')`,
      lastDeliveryAt: sql<string | null>`max(${webhookDeliveries.deliveredAt})`,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .groupBy(webhookDeliveries.endpointId);
  for (const r of rows)
    out.set(r.endpointId, {
      pending: Number(r.pending),
      failingSince: r.failingSince ? new Date(r.failingSince) : null,
      lastDeliveryAt: r.lastDeliveryAt ? new Date(r.lastDeliveryAt) : null,
    });
  return out;
}

/** The sweep, every WEBHOOK_SWEEP_MS on one instance at a time (lib/periodic.ts). */
export function scheduleWebhookDeliveries(deps: WebhookDeps, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(deps.db, log, {
    name: 'webhooks.deliver',
    intervalMs: WEBHOOK_SWEEP_MS,
    // A sweep may wait on slow receivers (10 s each, endpoints side by side).
    leaseMs: 5 * 60_000,
    run: () => runWebhookSweep({ ...deps, log }),
  });
}
