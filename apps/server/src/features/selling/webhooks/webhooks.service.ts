import {
  MAX_WEBHOOKS_PER_TEAM,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookUpdate,
  type WebhookUpdated,
} from '@bookla/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { pendingCounts, type WebhookDeps } from './deliveries.ts';
import { newWebhookSecret, sealWebhookSecret, secretHint } from './secrets.ts';
import { resolveTarget } from './url-guard.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** 422 on `url` when no webhook may go there (checked again at every delivery: a name may move). */
async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  const target = await resolveTarget(url, !!deps.config.webhooksAllowLocal);
  if (typeof target === 'string') throw validationError({ url: [`webhooks:validation.${target}`] });
}

async function endpointOf(db: Db, teamId: number, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound();
  return row;
}

function toWebhook(row: EndpointRow, stats?: { pending: number; failingSince: Date | null; lastDeliveryAt: Date | null }): Webhook {
  const overlap = row.previousSecretUntil && row.previousSecretUntil.getTime() > Date.now() ? row.previousSecretUntil : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : (row.disabledReason ?? 'manual'),
    secret_hint: row.secretHint,
    previous_secret_until: iso(overlap),
    created_at: row.createdAt.toISOString(),
    failing_since: iso(stats?.failingSince),
    pending: stats?.pending ?? 0,
    last_delivery_at: iso(stats?.lastDeliveryAt),
  };
}

export async function listWebhooks(db: Db, teamId: number, page: number, perPage: number): Promise<{ rows: Webhook[]; total: number }> {
  const where = eq(webhookEndpoints.teamId, teamId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  const n = totals[0]?.n ?? 0;
  const stats = await pendingCounts(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toWebhook(r, stats.get(r.id))), total: Number(n) };
}

export async function getWebhook(db: Db, teamId: number, id: number): Promise<Webhook> {
  const row = await endpointOf(db, teamId, id);
  return toWebhook(row, (await pendingCounts(db, [id])).get(id));
}

/** A new endpoint with its secret (in the reply only). At most MAX_WEBHOOKS_PER_TEAM per team, counted under the team's lock. */
export async function createWebhook(
  deps: WebhookDeps,
  teamId: number,
  userId: number | null,
  body: WebhookCreate,
): Promise<WebhookCreated> {
  await checkUrl(deps, body.url);
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    // Count and insert under one lock per team: two creations at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${teamId}::int)`);
    const [{ n }] = (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId))) as [{ n: number }];
    if (Number(n) >= MAX_WEBHOOKS_PER_TEAM) throw new AppError('CONFLICT', 'webhooks:too_many', { params: { max: MAX_WEBHOOKS_PER_TEAM } });
    const next = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('webhook_endpoints', 'id'))::int AS id`);
    const id = Number((next as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await tx.insert(webhookEndpoints).values({
      id: Number(id),
      teamId,
      url: body.url,
      events: body.events,
      secretSealed: sealWebhookSecret(deps.config, Number(id), secret),
      secretHint: secretHint(secret),
      createdBy: userId,
    });
    return { id: Number(id), secret };
  });
}

export async function updateWebhook(deps: WebhookDeps, teamId: number, id: number, body: WebhookUpdate): Promise<WebhookUpdated> {
  const row = await endpointOf(deps.db, teamId, id);
  if (body.url !== undefined && body.url !== row.url) await checkUrl(deps, body.url);
  const now = new Date();
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
  if (body.url !== undefined) set.url = body.url;
  if (body.events !== undefined) set.events = body.events;
  if (body.enabled !== undefined) {
    set.enabled = body.enabled;
    set.disabledReason = body.enabled ? null : 'manual';
  }
  let secret: string | undefined;
  if (body.rotate_secret) {
    secret = newWebhookSecret();
    set.secretSealed = sealWebhookSecret(deps.config, id, secret);
    set.secretHint = secretHint(secret);
    set.previousSecretSealed = row.secretSealed;
    set.previousSecretUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set(set)
      .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id)));
    // Switched on again: what waited goes out now, in order, with a fresh day of retries.
    if (body.enabled === true && !row.enabled)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now, firstFailedAt: null })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  });
  const updated = await getWebhook(deps.db, teamId, id);
  return secret ? { ...updated, secret } : updated;
}

export async function deleteWebhook(db: Db, teamId: number, id: number): Promise<void> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (!gone.length) throw notFound();
}

function toDelivery(d: typeof webhookDeliveries.$inferSelect, e: { publicId: string; type: string }): WebhookDelivery {
  return {
    id: d.id,
    event_id: e.publicId,
    type: e.type,
    status: d.status,
    attempts: d.attempts,
    created_at: d.createdAt.toISOString(),
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    delivered_at: iso(d.deliveredAt),
    last_status: d.lastStatus,
    last_duration_ms: d.lastDurationMs,
    last_response: d.lastResponse,
    last_error: d.lastError,
    request_body: d.requestBody,
  };
}

export async function listDeliveries(
  db: Db,
  teamId: number,
  id: number,
  q: { page: number; perPage: number; sort: { type: 'asc' | 'desc' }; columnFilters: Record<string, string> },
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  await endpointOf(db, teamId, id);
  const status = q.columnFilters.status;
  const where = and(
    eq(webhookDeliveries.teamId, teamId),
    eq(webhookDeliveries.endpointId, id),
    status === 'pending' || status === 'delivered' || status === 'failed' ? eq(webhookDeliveries.status, status) : undefined,
  );
  const order = q.sort.type === 'asc' ? webhookDeliveries.id : desc(webhookDeliveries.id);
  const [rows, totals] = await Promise.all([
    db
      .select({ d: webhookDeliveries, publicId: webhookEvents.publicId, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(order)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const n = totals[0]?.n ?? 0;
  return { rows: rows.map((r) => toDelivery(r.d, r)), total: Number(n) };
}

/** "Send test event": a `webhook.test` event for this endpoint only, delivered by the sweep like any other. */
export async function sendTestEvent(db: Db, teamId: number, id: number): Promise<void> {
  await endpointOf(db, teamId, id);
  await db.insert(webhookEvents).values({ teamId, type: WEBHOOK_TEST_EVENT, source: 'test', sourceId: id, endpointId: id });
}

/** "Send again": a new delivery of the same event (same `id` and body), after what is pending of the endpoint. */
export async function resendDelivery(db: Db, teamId: number, id: number, deliveryId: number): Promise<WebhookDelivery> {
  await endpointOf(db, teamId, id);
  const [old] = await db
    .select({ d: webhookDeliveries, publicId: webhookEvents.publicId, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.teamId, teamId), eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.id, deliveryId)));
  if (!old) throw notFound();
  const [fresh] = await db
    .insert(webhookDeliveries)
    .values({ teamId, endpointId: id, eventId: old.d.eventId, requestBody: old.d.requestBody })
    .returning();
  return toDelivery(fresh!, old);
}
