import { z } from 'zod';
import { PASSWORD_MESSAGES, PASSWORD_MISMATCH } from './auth.ts';
import { LANGUAGES } from './i18n.ts';
import { passwordProblem } from './password.ts';
import { PAYMENT_STATUS_VALUES } from './selling.ts';
import { singleLine } from './validation.ts';

/**
 * Customer accounts of a team's shop (issue 12): log in with a password or a mailed link, "my
 * bookings", and self-service cancellation within the activity's cancellation policy. Calls live
 * under `/api/customer/teams/{teamId}/…` (customer session, own cookie) and, for the order page,
 * `/api/public/orders/{orderId}/cancellation?token=…` (the order link's token, no cookie).
 *
 * The shop loads only the types of this module (it carries no zod).
 */

const email = z.string().trim().min(1, { abort: true }).max(254).pipe(z.email());
const language = z.enum(LANGUAGES);

/** A new password: the rules of staff passwords (length, common passwords, not the e-mail). */
const newPassword = z
  .string()
  .min(1, { abort: true })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[problem] });
  });

/** `POST …/login`. */
export const customerLoginSchema = z.object({ email, password: z.string().min(1).max(1000) });
export type CustomerLoginInput = z.infer<typeof customerLoginSchema>;

/**
 * `POST …/register` (at checkout, after the order is placed, or later in the shop). The same
 * answer whether or not the address has an account; bookings show once the address is confirmed.
 */
export const customerRegisterSchema = z
  .object({
    email,
    password: newPassword,
    firstname: singleLine(z.string().trim().max(100)).optional(),
    lastname: singleLine(z.string().trim().max(100)).optional(),
    language: language.optional(),
  })
  .superRefine((v, ctx) => {
    if (passwordProblem(v.password) !== null) return;
    const problem = passwordProblem(v.password, { email: v.email, name: `${v.firstname ?? ''}${v.lastname ?? ''}` });
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES[problem] });
  });
export type CustomerRegisterInput = z.infer<typeof customerRegisterSchema>;

/** `POST …/magic-link`: "e-mail me a link" (the same answer for unknown addresses). */
export const customerMagicLinkSchema = z.object({ email, language: language.optional() });
export type CustomerMagicLinkInput = z.infer<typeof customerMagicLinkSchema>;

/** `POST …/link`: the landing of a mailed link (log-in link or address confirmation). */
export const customerLinkSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type CustomerLinkInput = z.infer<typeof customerLinkSchema>;

/** `POST …/password`: a logged-in customer sets a password (the current one when there is one). */
export const customerPasswordSchema = z
  .object({
    current_password: z.string().max(1000).optional(),
    password: newPassword,
    password_confirmation: z.string().min(1),
  })
  .superRefine((v, ctx) => {
    if (v.password_confirmation !== v.password)
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: PASSWORD_MISMATCH });
  });
export type CustomerPasswordInput = z.infer<typeof customerPasswordSchema>;

/** The logged-in customer of this team's shop. */
export const customerMeSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().nullable(),
  language: language,
  /** Bookings show only once the address is confirmed (otherwise anyone could register someone else's address). */
  email_verified: z.boolean(),
  has_password: z.boolean(),
});
export type CustomerMe = z.infer<typeof customerMeSchema>;

/** `GET …/me`: `customer` null without a session of this team. */
export const customerMeReplySchema = z.object({ customer: customerMeSchema.nullable() });
export type CustomerMeReply = z.infer<typeof customerMeReplySchema>;

/** Login and link landing: the customer now logged in. */
export const customerLoginReplySchema = z.object({ success: z.literal(true), message: z.string(), customer: customerMeSchema });
export type CustomerLoginReply = z.infer<typeof customerLoginReplySchema>;

// ─── Cancellation ──────────────────────────────────────────────────────────

/**
 * Why self-service cancellation is refused: the order has ended (cancelled, expired, refunded…);
 * an activity of the order has no self-service policy; its first session has begun; the free
 * window has passed and late cancellation is not allowed.
 */
export const CANCELLATION_REFUSALS = ['ended', 'not_offered', 'started', 'window_passed'] as const;
export type CancellationRefusal = (typeof CANCELLATION_REFUSALS)[number];

/**
 * How a cancellation ends:
 * - `cancel`: nothing was paid (free booking, unpaid order): cancelled, seats released;
 * - `refund`: within the free window, paid: refunded in full (`refund_method` says how), seats released;
 * - `no_refund`: after the free window, late cancellation allowed: cancelled, the money is kept.
 */
export const CANCELLATION_MODES = ['cancel', 'refund', 'no_refund'] as const;
export type CancellationMode = (typeof CANCELLATION_MODES)[number];

/** `online`: back to the card at once (at the payment provider it was paid with; test mode). `provider`: the organiser pays it back (invoice, bank transfer). */
export const CUSTOMER_REFUND_METHODS = ['online', 'provider'] as const;
export type CustomerRefundMethod = (typeof CUSTOMER_REFUND_METHODS)[number];

export const cancellationQuoteSchema = z.object({
  /** The order's public id (as in its link), never the sequential id. */
  order_id: z.string(),
  allowed: z.boolean(),
  reason: z.enum(CANCELLATION_REFUSALS).nullable(),
  mode: z.enum(CANCELLATION_MODES).nullable(),
  currency: z.string(),
  /** What comes back (major units; 0 when nothing does). */
  refund: z.number(),
  refund_minor: z.number(),
  refund_method: z.enum(CUSTOMER_REFUND_METHODS).nullable(),
  /** What was paid and stays with the organiser on a late cancellation. */
  kept: z.number(),
  /** End of the free window (the strictest of the order's activities); null without a dated session. */
  free_until: z.string().nullable(),
  late_allowed: z.boolean(),
  /** The outcome (or the refusal) in the request's language. */
  message: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/** `POST …/cancellation`: `expect` is the mode the customer agreed to; if it changed meanwhile (the window closed): 409. */
export const cancellationBodySchema = z.object({ expect: z.enum(CANCELLATION_MODES).optional() });
export type CancellationBody = z.infer<typeof cancellationBodySchema>;

export const cancellationReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** The order's public id. */
    order_id: z.string(),
    payment_status: z.enum(PAYMENT_STATUS_VALUES),
    mode: z.enum(CANCELLATION_MODES),
    refund: z.number(),
    refund_method: z.enum(CUSTOMER_REFUND_METHODS).nullable(),
    currency: z.string(),
  }),
});
export type CancellationReply = z.infer<typeof cancellationReplySchema>;

// ─── My bookings ───────────────────────────────────────────────────────────

export const myBookingSchema = z.object({
  id: z.number(),
  /** The order's public id: its page and documents are `/…/order/{public_id}?token=…`. */
  public_id: z.string(),
  number: z.number(),
  created_at: z.string(),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  payment_type: z.string(),
  paid_at: z.string().nullable(),
  currency: z.string(),
  total: z.number(),
  /** The order link's token: the order page and its documents (`?token=`). */
  token: z.string(),
  tickets_available: z.boolean(),
  invoice_available: z.boolean(),
  /** The activities booked (for "book again"), with the first date. */
  activities: z.array(z.object({ id: z.number().nullable(), name: z.string(), starts_at: z.string().nullable() })),
  participants: z.number(),
  cancellation: cancellationQuoteSchema,
});
export type MyBooking = z.infer<typeof myBookingSchema>;

export const MY_BOOKINGS_PER_PAGE = 10;
