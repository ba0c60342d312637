import { z } from 'zod';
import { idSchema, requiredTranslatedSchema, translatedInputSchema, translatedSchema } from './catalogue.ts';
import { decimalInputSchema, moneyInputSchema } from './catalogue-tickets.ts';
import type { Language } from './i18n.ts';
import { listQuerySchema } from './pagination.ts';
import { CHECKOUT_LIMITS } from './checkout-limits.ts';
import { quoteBodySchema, quoteReplySchema } from './selling.ts';

/**
 * Subscriptions with tiers (CONTRACT §5): what a studio sells as a membership or a pass
 * ("Yoga unlimited", "10-class pass"), the tiers it is bought in, and the members who hold one.
 * Shared by the server's routes and the back office's forms. No English here: messages are keys.
 */

export const SUBSCRIPTION_STATUSES = ['draft', 'published'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** `once`: a pass valid `valid_days`; `month`/`year`: renews every period until cancelled. */
export const TIER_INTERVALS = ['once', 'month', 'year'] as const;
export type TierInterval = (typeof TIER_INTERVALS)[number];
export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'cancelled', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Bounds of a tier's numbers (a 10-class pass, up to ten years, a member and up to 9 guests). */
export const TIER_CREDITS_MAX = 1000;
export const TIER_VALID_DAYS_MAX = 3650;
export const SEATS_PER_BOOKING_MAX = 10;
/** Credits staff may give back in one step. */
export const CREDITS_GRANT_MAX = 1000;
/** Days a `past_due` membership waits for its payment before it expires (team setting default). */
export const MEMBERSHIP_GRACE_DAYS_DEFAULT = 14;
/** Days before a yearly renewal the member is reminded. */
export const YEARLY_RENEWAL_NOTICE_DAYS = 14;

const DESCRIPTION_MAX = 4000;
const COVERAGE_MAX = 500;

// ─── Subscriptions ──────────────────────────────────────────────────────────

/**
 * POST and PUT /api/subscriptions. No activity and no type set: every activity of the team is
 * covered. PUT takes the same keys; keys left out keep their value.
 */
export const subscriptionBodySchema = z.strictObject({
  name: translatedInputSchema(),
  description: translatedInputSchema(DESCRIPTION_MAX).nullish(),
  activity_ids: z.array(idSchema).max(COVERAGE_MAX).optional(),
  type_set_ids: z.array(idSchema).max(COVERAGE_MAX).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;
export const subscriptionUpdateBodySchema = subscriptionBodySchema.partial();
export type SubscriptionUpdateBody = z.infer<typeof subscriptionUpdateBodySchema>;

/** The subscription form for a team with these languages (the name in each of them). */
export function subscriptionSchema(languages: readonly Language[]) {
  return subscriptionBodySchema.extend({ name: requiredTranslatedSchema(languages) });
}

export const subscriptionItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  description: translatedSchema,
  activity_ids: z.array(z.number()),
  type_set_ids: z.array(z.number()),
  status: z.enum(SUBSCRIPTION_STATUSES),
  tier_count: z.number(),
  /** Members whose status is `active` or `past_due`. */
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

export const SUBSCRIPTION_SORT_FIELDS = ['created_at', 'id', 'name', 'status', 'member_count'] as const;
/** `columnFilters[name]` (contains, case-insensitive, in the request's language) and `columnFilters[status]`. */
export const subscriptionListQuerySchema = listQuerySchema(SUBSCRIPTION_SORT_FIELDS, 'created_at');

// ─── Tiers ──────────────────────────────────────────────────────────────────

/**
 * POST /api/subscriptions/{sid}/tiers (name, price and interval required; `credits` null =
 * unlimited per period; `valid_days` required for `once` and refused otherwise; `tax_rate`
 * missing = the team's default). PUT takes the same keys, each optional: the server lays them
 * over the stored tier and checks the whole.
 */
export const tierBodySchema = z.strictObject({
  name: translatedInputSchema(),
  price: moneyInputSchema,
  interval: z.enum(TIER_INTERVALS),
  valid_days: z.number().int().min(1).max(TIER_VALID_DAYS_MAX).nullish(),
  credits: z.number().int().min(1).max(TIER_CREDITS_MAX).nullish(),
  seats_per_booking: z.number().int().min(1).max(SEATS_PER_BOOKING_MAX).optional(),
  tax_rate: decimalInputSchema.nullish(),
  active: z.boolean().optional(),
});
export type TierBody = z.infer<typeof tierBodySchema>;
export const tierUpdateBodySchema = tierBodySchema.partial();
export type TierUpdateBody = z.infer<typeof tierUpdateBodySchema>;

/** The tier form for a team with these languages. */
export function tierSchema(languages: readonly Language[]) {
  return tierBodySchema.extend({ name: requiredTranslatedSchema(languages) }).superRefine((v, ctx) => {
    if (v.interval === 'once' && (v.valid_days === null || v.valid_days === undefined))
      ctx.addIssue({ code: 'custom', path: ['valid_days'], message: 'subscriptions:validation.valid_days_required' });
    if (v.interval !== 'once' && v.valid_days !== null && v.valid_days !== undefined)
      ctx.addIssue({ code: 'custom', path: ['valid_days'], message: 'subscriptions:validation.valid_days_once_only' });
  });
}

export const tierItemSchema = z.object({
  id: z.number(),
  subscription_id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  price: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  interval: z.enum(TIER_INTERVALS),
  valid_days: z.number().nullable(),
  credits: z.number().nullable(),
  seats_per_booking: z.number(),
  tax_rate: z.number(),
  active: z.boolean(),
  sort: z.number(),
  /** Members of this tier whose status is `active` or `past_due`. */
  member_count: z.number(),
});
export type TierItem = z.infer<typeof tierItemSchema>;

/** GET /api/subscriptions/{id}: the subscription with its tiers. */
export const subscriptionDetailSchema = subscriptionItemSchema.extend({ tiers: z.array(tierItemSchema) });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

// ─── Members ────────────────────────────────────────────────────────────────

/** How a membership renews (issue 24): its saved card charged, an invoice, free; `none`: a pass. */
export const RENEWAL_METHODS = ['card', 'invoice', 'free', 'none'] as const;
export type RenewalMethodValue = (typeof RENEWAL_METHODS)[number];

export const subscriptionMemberSchema = z.object({
  id: z.number(),
  customer: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
  tier_id: z.number(),
  tier_name: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  current_period_start: z.string(),
  current_period_end: z.string(),
  /** null: unlimited. */
  credits_left: z.number().nullable(),
  /** Cancelled by the member or staff: ends with the period, never renews. */
  cancel_at_period_end: z.boolean(),
  /** How the next period is paid: the saved card, an invoice, free; `none` for a pass. */
  renewal_method: z.enum(RENEWAL_METHODS),
  /** `card`: what the provider told of the card (brand, last four digits), or null. */
  card_label: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionMember = z.infer<typeof subscriptionMemberSchema>;

export const SUBSCRIPTION_MEMBER_SORT_FIELDS = ['created_at', 'id', 'current_period_end', 'status', 'email', 'lastname'] as const;
/** `columnFilters[search]` (name or e-mail), `[status]`, `[tier_id]`. */
export const subscriptionMemberListQuerySchema = listQuerySchema(SUBSCRIPTION_MEMBER_SORT_FIELDS, 'created_at');

export const MEMBERSHIP_EVENT_KINDS = [
  'purchased',
  'renewed',
  'renewal_failed',
  'credit_used',
  'credit_returned',
  'credits_granted',
  'cancel_scheduled',
  'cancelled',
  'expired',
  'payment_received',
] as const;
export type MembershipEventKind = (typeof MEMBERSHIP_EVENT_KINDS)[number];

export const membershipEventSchema = z.object({
  id: z.number(),
  kind: z.enum(MEMBERSHIP_EVENT_KINDS),
  /** Credits added (+) or used (−) by this event; 0 where none moved. */
  credits: z.number(),
  order_id: z.number().nullable(),
  /** Staff who did it; null for the member, the shop or a job. */
  by: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type MembershipEvent = z.infer<typeof membershipEventSchema>;

/** GET /api/subscriptions/{sid}/members/{id}: the member with the history, newest first. */
export const subscriptionMemberDetailSchema = subscriptionMemberSchema.extend({ events: z.array(membershipEventSchema) });
export type SubscriptionMemberDetail = z.infer<typeof subscriptionMemberDetailSchema>;

/**
 * POST /api/subscriptions/{sid}/members/{id}/cancel: `period_end` stops renewals (the member keeps
 * the membership to the period's end); `now` ends it at once, with `refund` the last payment is
 * refunded through the order's refund (credit note and mail as every refund).
 */
export const memberCancelBodySchema = z.strictObject({
  mode: z.enum(['period_end', 'now']),
  refund: z.boolean().optional(),
});
export type MemberCancelBody = z.infer<typeof memberCancelBodySchema>;

/** POST /api/subscriptions/{sid}/members/{id}/credits: gives credits back (limited tiers only). */
export const memberCreditsBodySchema = z.strictObject({
  credits: z.number().int().min(1).max(CREDITS_GRANT_MAX),
  note: z.string().trim().max(500).nullish(),
});
export type MemberCreditsBody = z.infer<typeof memberCreditsBodySchema>;

// ─── Statistics ─────────────────────────────────────────────────────────────

/** GET /api/subscriptions/stats: the figures of the subscriptions screen (test mode left out). */
export const subscriptionStatsSchema = z.object({
  currency: z.string(),
  active_members: z.number(),
  past_due_members: z.number(),
  /** Monthly recurring revenue in minor units: monthly tiers' prices plus yearly ones / 12 (rounded). */
  mrr_minor: z.number(),
  /** Memberships that ended (cancelled or expired) in the last 30 days over those active 30 days ago, in percent (one decimal). */
  churn_percent: z.number(),
  tiers: z.array(
    z.object({
      subscription_id: z.number(),
      tier_id: z.number(),
      name: z.string(),
      interval: z.enum(TIER_INTERVALS),
      active_members: z.number(),
      mrr_minor: z.number(),
    }),
  ),
});
export type SubscriptionStats = z.infer<typeof subscriptionStatsSchema>;

// ─── Shop ───────────────────────────────────────────────────────────────────

/** GET /api/public/teams/{teamId}/subscriptions: published subscriptions with their active tiers. */
export const publicSubscriptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Covers every activity of the team (no activity and no type set chosen). */
  covers_all: z.boolean(),
  tiers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      price_minor: z.number(),
      currency: z.string(),
      interval: z.enum(TIER_INTERVALS),
      valid_days: z.number().nullable(),
      credits: z.number().nullable(),
      seats_per_booking: z.number(),
    }),
  ),
});
export type PublicSubscription = z.infer<typeof publicSubscriptionSchema>;

/** GET /api/customer/teams/{teamId}/memberships: the logged-in customer's memberships, newest first. */
export const myMembershipSchema = z.object({
  id: z.number(),
  subscription: z.object({
    id: z.number(),
    name: z.string(),
    covers_all: z.boolean(),
    activity_ids: z.array(z.number()),
    type_set_ids: z.array(z.number()),
  }),
  tier: z.object({ id: z.number(), name: z.string(), interval: z.enum(TIER_INTERVALS), seats_per_booking: z.number() }),
  status: z.enum(MEMBERSHIP_STATUSES),
  current_period_end: z.string(),
  credits_left: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Bookable now: active, in its period, the address confirmed. */
  usable: z.boolean(),
  renewal_method: z.enum(RENEWAL_METHODS),
  /** `card`: the saved card's brand and last digits as the provider told them, or null. */
  card_label: z.string().nullable(),
  /** Past due with an open renewal the saved card could not pay: "update card" pays it now (`POST …/memberships/{id}/update-card`). */
  can_update_card: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/**
 * `POST /api/customer/teams/{teamId}/quote`: the logged-in customer's quote (issue 24) — the public
 * quote's cart with the seats' tickets and the membership each seat is booked with (one entry per
 * seat, in the order's participant order; `membership_id` null or absent: a paid seat). Priced as
 * the customer's order call prices the same body: member seats at 0.
 */
export const memberQuoteBodySchema = quoteBodySchema.extend({
  participants: z.array(z.strictObject({ ticket_id: idSchema, membership_id: idSchema.nullish() })).max(CHECKOUT_LIMITS.participants),
});
export type MemberQuoteBody = z.infer<typeof memberQuoteBodySchema>;

/** The public quote's reply, plus the seats a membership pays and what they would have cost. */
export const memberQuoteReplySchema = quoteReplySchema.extend({
  membership_seats: z.number().int(),
  /** The tickets' price of the member seats (not in `subtotal`: they cost 0). */
  membership_value: z.number(),
});
export type MemberQuoteReply = z.infer<typeof memberQuoteReplySchema>;
