import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  ACTIVITY_STATUSES,
  idFieldSchema,
  idSchema,
  requiredTranslatedSchema,
  translatedInputSchema,
  translatedSchema,
} from './catalogue.ts';
import { parsePercentBp } from './catalogue-tickets.ts';
import { LANGUAGES, type Language } from './i18n.ts';

/**
 * An activity beyond its creation: the detail record, its update, mass actions, instructors and
 * the team's course defaults (docs/api/catalogue.md "Activities", "Setup"). No English here.
 */

export const DESCRIPTION_MAX = 20_000;
export const POLICY_MAX = 5_000;
/** Booking may close at most a year before the first session. */
export const BOOKING_CLOSES_MAX_MINUTES = 525_600;
export const RESERVATION_MAX_MINUTES = 1_440;
export const CAPACITY_MAX = 100_000;
/**
 * Seats one visitor (client key, e-mail address) may hold unpaid of an activity at once (live
 * reservations and unpaid orders) when the activity sets no own limit: a family or a small group
 * books at once, one caller cannot hold a sale's seats (decision 009). Paid seats never count.
 */
export const HOLD_LIMIT_DEFAULT = 10;
export const HOLD_LIMIT_MAX = 100_000;
export const SESSION_MAX_MINUTES = 1_440;
/** How long a waiting-list offer may hold its seats: 1 hour to 14 days (the table's check). */
export const WAITING_LIST_OFFER_HOURS_MIN = 1;
export const WAITING_LIST_OFFER_HOURS_MAX = 336;
/** Self-service cancellation: free of charge until at most a year before the start (the table's check). */
export const CANCEL_FREE_HOURS_MAX = 8760;
export const MASS_MAX_IDS = 100;
export const ACTIVITY_MASS_ACTIONS = ['publish', 'unpublish', 'duplicate', 'delete'] as const;
export type ActivityMassAction = (typeof ACTIVITY_MASS_ACTIONS)[number];

/** A whole number in a range, as routes take it: a JSON number, never a numeric string. */
const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** A record id a form may clear: `null` / `''` clear it, numeric strings (selects) are read as ids. */
export const nullableIdFieldSchema = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  idSchema.nullable(),
);

/**
 * A tax rate in percent with up to 2 decimals (`8.1`, `"7,7"`) → basis points (810, 770).
 * Replies carry percent again (`bpToPercent`).
 */
export const taxRatePercentSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const bp = parsePercentBp(v);
  if (bp === null) {
    ctx.addIssue({ code: 'custom', message: String(v).trim() === '' ? 'required' : 'format' });
    return z.NEVER;
  }
  return bp;
});

/**
 * PUT /api/courses/:id as the route takes it: every key optional (only sent keys change), ids and
 * counts JSON numbers, the waiting list a boolean; unknown keys are refused.
 */
export const activityUpdateBodySchema = z.strictObject({
  type_set_id: idSchema.optional(),
  parent_id: idSchema.nullable().optional(),
  name: translatedInputSchema().optional(),
  description: translatedInputSchema(DESCRIPTION_MAX).nullable().optional(),
  location_id: idSchema.nullable().optional(),
  instructor_ids: z.array(idSchema).max(50).optional(),
  status: z.enum(ACTIVITY_STATUSES).optional(),
  /** ISO with offset or local `YYYY-MM-DDTHH:mm` in the team zone; null = bookable at once. */
  booking_opens_at: z.string().trim().max(40).nullable().optional(),
  booking_closes_minutes: int(0, BOOKING_CLOSES_MAX_MINUTES).optional(),
  waiting_list: z.boolean().optional(),
  /** How long a waiting-list offer holds the freed seats before it goes to the next person. */
  waiting_list_offer_hours: int(WAITING_LIST_OFFER_HOURS_MIN, WAITING_LIST_OFFER_HOURS_MAX).optional(),
  /** Customers may cancel free of charge until this many hours before the start; null: no self-service cancellation. */
  cancel_free_hours: int(0, CANCEL_FREE_HOURS_MAX).nullable().optional(),
  /** After that window, customers may still cancel, without a refund. */
  cancel_late_allowed: z.boolean().optional(),
  cancellation_policy: translatedInputSchema(POLICY_MAX).nullable().optional(),
  reservation_minutes: int(1, RESERVATION_MAX_MINUTES).optional(),
  capacity: int(0, CAPACITY_MAX).nullable().optional(),
  /** Seats one visitor may hold unpaid at once; null: HOLD_LIMIT_DEFAULT. */
  hold_limit: int(1, HOLD_LIMIT_MAX).nullable().optional(),
});
export type ActivityUpdateBody = z.infer<typeof activityUpdateBodySchema>;

/**
 * The course form for a team with these languages: the route's body, with a sent name required in
 * each language and ids as the selects hold them (`"3"`, `''` = none); its output is the body.
 */
export function activityUpdateSchema(languages: readonly Language[]) {
  return activityUpdateBodySchema.extend({
    name: requiredTranslatedSchema(languages).optional(),
    type_set_id: idFieldSchema.optional(),
    parent_id: nullableIdFieldSchema.optional(),
    location_id: nullableIdFieldSchema.optional(),
    instructor_ids: z.array(idFieldSchema).max(50).optional(),
  });
}

export const headerImageSchema = z.object({ list_url: z.string(), detail_url: z.string() });
export type HeaderImage = z.infer<typeof headerImageSchema>;

/** What an activity needs before it may be published (all true), as the activity page's checklist. */
export const publishChecksSchema = z.object({
  /** A scheduled date still ahead. */
  upcoming_date: z.boolean(),
  /** A public ticket whose sale has not ended (sold out is fine), a per-date one for an upcoming date. */
  ticket_on_sale: z.boolean(),
  /**
   * Its paid tickets can be paid: none on sale costs money, or the team has a payment method on
   * (integration settings: invoice, online payment or test mode). Always sent by the server;
   * optional for older clients' fixtures.
   */
  payment_method: z.boolean().optional(),
  /**
   * Warnings, not blockers (issue 22 item 11): the texts a shop visitor reads that are empty in some
   * of the team's languages — the description always, the cancellation policy once written in one.
   * Names are required in every language already.
   */
  missing_texts: z
    .array(z.object({ field: z.enum(['description', 'cancellation_policy']), languages: z.array(z.enum(LANGUAGES)) }))
    .optional(),
});
export type PublishChecks = z.infer<typeof publishChecksSchema>;

export const activityDetailSchema = z.object({
  id: z.number(),
  kind: z.enum(ACTIVITY_KINDS),
  status: z.enum(ACTIVITY_STATUSES),
  type_set: z.object({ id: z.number(), name: z.string() }),
  parent_id: z.number().nullable(),
  name: translatedSchema,
  name_text: z.string(),
  description: translatedSchema,
  location_id: z.number().nullable(),
  instructor_ids: z.array(z.number()),
  header_image: headerImageSchema.nullable(),
  booking_opens_at: z.string().nullable(),
  booking_closes_minutes: z.number(),
  waiting_list: z.boolean(),
  /** Always sent by the server (like the two below); optional for older clients' fixtures. */
  waiting_list_offer_hours: z.number().optional(),
  cancel_free_hours: z.number().nullable().optional(),
  cancel_late_allowed: z.boolean().optional(),
  cancellation_policy: translatedSchema,
  reservation_minutes: z.number(),
  capacity: z.number().nullable(),
  /** Always sent by the server; optional for older clients' fixtures. */
  hold_limit: z.number().nullable().optional(),
  attributes: z.array(z.object({ attribute_id: z.number(), value: z.unknown() })),
  can_edit: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Always sent by the server; optional for older clients' fixtures. */
  publish_checks: publishChecksSchema.optional(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const activityMassBodySchema = z.strictObject({
  action: z.enum(ACTIVITY_MASS_ACTIONS),
  ids: z.array(idSchema).min(1).max(MASS_MAX_IDS),
});
export type ActivityMassBody = z.infer<typeof activityMassBodySchema>;

/** An activity a mass publish left as it was, with the translated reasons. */
export const massRefusalSchema = z.object({ id: z.number(), name: z.string(), reasons: z.array(z.string()) });
export type MassRefusal = z.infer<typeof massRefusalSchema>;

/** POST /api/courses/mass: `affected` as before; a publish also lists which were published and which not. */
export const activityMassReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  affected: z.number(),
  published: z.array(z.number()).optional(),
  refused: z.array(massRefusalSchema).optional(),
});
export type ActivityMassReply = z.infer<typeof activityMassReplySchema>;

export const instructorItemSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
export type InstructorItem = z.infer<typeof instructorItemSchema>;

/**
 * PUT /api/config/course/defaults (route and form alike: the form sends numbers and a boolean).
 * The tax rate is a decimal in percent (`"8.1"` or `8.1`); unknown keys are refused.
 */
export const activityDefaultsBodySchema = z.strictObject({
  tax_rate: taxRatePercentSchema,
  reservation_minutes: int(1, RESERVATION_MAX_MINUTES),
  booking_closes_minutes: int(0, BOOKING_CLOSES_MAX_MINUTES),
  cancellation_policy: translatedInputSchema(POLICY_MAX).nullish(),
  waiting_list: z.boolean(),
  location_id: idSchema.nullable().optional().default(null),
  capacity: int(0, CAPACITY_MAX).nullable().optional().default(null),
  session_minutes: int(5, SESSION_MAX_MINUTES),
});
export type ActivityDefaultsBody = z.infer<typeof activityDefaultsBodySchema>;

export const activityDefaultsSchema = z.object({
  tax_rate: z.number(),
  reservation_minutes: z.number(),
  booking_closes_minutes: z.number(),
  cancellation_policy: translatedSchema,
  waiting_list: z.boolean(),
  location_id: z.number().nullable(),
  capacity: z.number().nullable(),
  session_minutes: z.number(),
});
export type ActivityDefaults = z.infer<typeof activityDefaultsSchema>;
