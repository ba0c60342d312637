import { z } from 'zod';
import { ROLES } from './permissions.ts';

/**
 * Provider notifications (issue 22 item 7, docs/decisions/020-provider-notifications.md): which
 * staff members of a team are mailed about its orders and memberships, of which events, and
 * whether at once or in one digest a day. The membership events (issue 24): a renewal left unpaid
 * (`past_due`), a cancellation (by the member or staff; to the period's end or now), the end.
 */
export const NOTIFICATION_EVENTS = [
  'order_placed',
  'order_cancelled',
  'refund_requested',
  'refund_made',
  'waitlist_taken',
  'membership_past_due',
  'membership_cancelled',
  'membership_ended',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** `immediate`: one mail per event; `digest`: one mail a day (team time zone) listing the previous day's events. */
export const NOTIFICATION_DELIVERIES = ['immediate', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** A member who may be chosen as a recipient (owners, admins and editors: the roles that see orders). */
export const notificationMemberSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type NotificationMember = z.infer<typeof notificationMemberSchema>;

/** `GET /api/config/notifications`: the settings, and the members to choose from. */
export const notificationSettingsSchema = z.object({
  /** User ids; the owners while nobody chosen is left in the team. */
  recipients: z.array(z.number()),
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  delivery: z.enum(NOTIFICATION_DELIVERIES),
  members: z.array(notificationMemberSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PUT /api/config/notifications`: at least one recipient (members of the team); no event means no mails. */
export const notificationSettingsBodySchema = z.strictObject({
  recipients: z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1).max(100),
  events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length),
  delivery: z.enum(NOTIFICATION_DELIVERIES),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;
