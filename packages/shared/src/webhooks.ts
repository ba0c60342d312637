import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';

/**
 * Webhooks of a team (CONTRACT §8, decision 030): HTTPS endpoints told of the team's events,
 * each delivery signed with the endpoint's secret. The secret appears in full only in the reply
 * that made it (`POST /api/webhooks`, or an update with `rotate_secret`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'participant.checked_in',
  'waitinglist.offered',
  'membership.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "send test event", to one endpoint; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A team's endpoints at most (each costs a delivery per event). */
export const MAX_WEBHOOKS_PER_TEAM = 10;
export const WEBHOOK_URL_MAX = 2000;
/** How long failed deliveries are retried before the endpoint is switched off (and the owners told). */
export const WEBHOOK_RETRY_HOURS = 24;
/** How long the previous secret still signs after a rotation (a second `v1=` in the header). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
export const WEBHOOK_SIGNATURE_HEADER = 'Bookla-Signature';

const uniqueEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((e) => new Set(e).size === e.length, { message: 'duplicate' });

/** An absolute http(s) URL without credentials; whether http or a local address may be used is the server's call. */
const endpointUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !!u.hostname;
      } catch {
        return false;
      }
    },
    { message: 'url' },
  );

export const webhookCreateSchema = z.strictObject({
  url: endpointUrl,
  events: uniqueEvents,
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  url: endpointUrl.optional(),
  events: uniqueEvents.optional(),
  /** Switching an endpoint on again clears its failures and sends what waited. */
  enabled: z.boolean().optional(),
  /** A new secret (in the reply, once); the old one keeps signing for WEBHOOK_SECRET_OVERLAP_HOURS. */
  rotate_secret: z.literal(true).optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is off: `failing` (24 h of failed deliveries) or `manual`; null while on. */
  disabled_reason: z.enum(['failing', 'manual']).nullable(),
  /** `whsec_…abcd`. */
  secret_hint: z.string(),
  /** While the previous secret still signs (after a rotation). */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  /** The oldest delivery still failing, if any. */
  failing_since: z.string().nullable(),
  pending: z.number(),
  last_delivery_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** `201 {"id", "secret"}` and the reply of a rotation: the only time the secret is shown. */
export const webhookCreatedSchema = z.object({ id: z.number(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export const webhookUpdatedSchema = webhookSchema.extend({ secret: z.string().optional() });
export type WebhookUpdated = z.infer<typeof webhookUpdatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The event's id (`id` of the payload): the same for every delivery and resend of one event. */
  event_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** The last attempt: HTTP status (null: no answer), duration, the answer's first characters or the error. */
  last_status: z.number().nullable(),
  last_duration_ms: z.number().nullable(),
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The JSON body sent (the same at every attempt). */
  request_body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_SORT_FIELDS = ['created_at'] as const;
export const webhookListQuerySchema = listQuerySchema(WEBHOOK_SORT_FIELDS, 'created_at');
export const WEBHOOK_DELIVERY_SORT_FIELDS = ['created_at'] as const;
export const webhookDeliveryListQuerySchema = listQuerySchema(WEBHOOK_DELIVERY_SORT_FIELDS, 'created_at', 20);
