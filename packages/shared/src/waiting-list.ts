import { z } from 'zod';
import { idSchema } from './catalogue.ts';
import { LANGUAGES } from './i18n.ts';
import { listQuerySchema } from './pagination.ts';
import { reservationReplySchema } from './selling.ts';
import { singleLine } from './validation.ts';

/**
 * The waiting list of a sold-out activity or date (issue 12): the public sign-up (CONTRACT §4),
 * the offer a freed seat turns into, and the back office's list (`/backend/customers/waitinglist`,
 * `nav.customers.waitinglist`). No English here.
 *
 * The line's order is the entry id. When seats free up, the first waiting entries (in id order)
 * whose number of seats fits what is free are offered them; an entry that wants more seats than
 * are free keeps its place and is offered as soon as enough are free (it does not block those
 * behind it). An offer holds the seats for the activity's `waiting_list_offer_hours`.
 */

export const WAITING_LIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'removed'] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];

export const WAITING_LIST_EVENT_TYPES = ['joined', 'offered', 'offer_expired', 'booked', 'removed'] as const;
export type WaitingListEventType = (typeof WAITING_LIST_EVENT_TYPES)[number];

export const WAITING_LIST_ACTORS = ['customer', 'staff', 'system'] as const;
export type WaitingListActor = (typeof WAITING_LIST_ACTORS)[number];

/** Seats one entry may ask for (the table's check). */
export const WAITING_LIST_MAX_QUANTITY = 50;

/** A waiting-list offer's seats are held under a holder with this prefix (a reservation token the checkout takes). */
export const WAITING_LIST_HOLDER_PREFIX = 'wl_';

const nameText = singleLine(z.string().trim().min(1).max(100));
const emailText = z.string().trim().min(1, { abort: true }).max(254).pipe(z.email());

// ─── Public: sign-up, removal, offer ────────────────────────────────────────

/**
 * `POST /api/public/teams/{teamId}/waitinglist`: only for a published activity whose waiting list
 * is on and that is sold out for the seats wanted (`session_id`: one date of a per-date event).
 */
export const waitingListJoinBodySchema = z.strictObject({
  activity_id: idSchema,
  session_id: idSchema.nullish(),
  firstname: nameText,
  lastname: nameText,
  email: emailText,
  quantity: z.number().int().min(1).max(WAITING_LIST_MAX_QUANTITY),
  language: z.enum(LANGUAGES),
});
export type WaitingListJoinBody = z.infer<typeof waitingListJoinBodySchema>;

/** 201: CONTRACT §4's `{success, message}`, with the place in line and how long an offer will hold its seats. */
export const waitingListJoinReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  position: z.number(),
  offer_hours: z.number(),
});
export type WaitingListJoinReply = z.infer<typeof waitingListJoinReplySchema>;

/** The link tokens of the public calls (removal link, offer link). */
export const waitingListTokenQuerySchema = z.object({
  token: z.string().max(200).optional().catch(undefined),
  lang: z.enum(LANGUAGES).optional().catch(undefined),
});

/** Tokens in a body (claim and decline of an offer). */
export const waitingListTokenBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * `GET /api/public/teams/{teamId}/waitinglist/{entryId}?token=…`: an offer as its link shows it.
 * `status` other than `offered`: the offer is over (booked, expired, removed); then nothing is held.
 */
export const waitingListOfferSchema = z.object({
  id: z.number(),
  status: z.enum(WAITING_LIST_STATUSES),
  activity_id: z.number(),
  activity_name: z.string(),
  session_id: z.number().nullable(),
  session_starts_at: z.string().nullable(),
  firstname: z.string(),
  /** Who signed up, so the checkout starts filled in (issue 22 item 10); only the mailed link's holder sees it. */
  lastname: z.string(),
  email: z.string(),
  quantity: z.number(),
  /** When the held seats go to the next person (null once the offer is over). */
  offer_expires_at: z.string().nullable(),
  /** The seats held: ticket, how many, price. */
  items: z.array(
    z.object({
      ticket_id: z.number(),
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  total: z.number(),
  currency: z.string(),
});
export type WaitingListOffer = z.infer<typeof waitingListOfferSchema>;

/**
 * `POST /api/public/teams/{teamId}/waitinglist/{entryId}/claim` `{token}`: the offer's seats as a
 * checkout reservation (the reply of `POST …/reservations`): the shop's checkout places the order
 * with `reservation_token`, and the entry becomes `booked`.
 */
export const waitingListClaimReplySchema = reservationReplySchema;

// ─── Back office ────────────────────────────────────────────────────────────

export const waitingListEntrySchema = z.object({
  id: z.number(),
  activity_id: z.number(),
  activity_name: z.string(),
  /** Null: the whole activity (a course); otherwise one date of a per-date event. */
  session_id: z.number().nullable(),
  session_starts_at: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  quantity: z.number(),
  status: z.enum(WAITING_LIST_STATUSES),
  /** Place among those still waiting in the same line (1 = next); null when not waiting. */
  position: z.number().nullable(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  order_id: z.number().nullable(),
  order_number: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaitingListEntry = z.infer<typeof waitingListEntrySchema>;

export const waitingListEventSchema = z.object({
  id: z.number(),
  type: z.enum(WAITING_LIST_EVENT_TYPES),
  actor: z.enum(WAITING_LIST_ACTORS),
  /** The staff member's name (actor `staff`), else null. */
  user_name: z.string().nullable(),
  /** What happened: `reason` (`expired`, `released`, `declined`, `link`, …), `ticket_id`, `quantity`, `expires_at`, `order_id`. */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type WaitingListEvent = z.infer<typeof waitingListEventSchema>;

/** `GET /api/waitinglist/{id}`: the entry with its history, oldest first. */
export const waitingListEntryDetailSchema = waitingListEntrySchema.extend({ events: z.array(waitingListEventSchema) });
export type WaitingListEntryDetail = z.infer<typeof waitingListEntryDetailSchema>;

export const WAITING_LIST_SORT_FIELDS = ['id', 'created_at', 'lastname', 'activity_name', 'status', 'quantity'] as const;
export type WaitingListSortField = (typeof WAITING_LIST_SORT_FIELDS)[number];

/**
 * `GET /api/waitinglist`: page, perPage, sort (default: line order, `id`) and `columnFilters`:
 * `activity_id`, `session_id` (`none` = the whole-activity line), `status` (one or several,
 * comma separated), `search` (name or e-mail).
 */
export const waitingListQuerySchema = listQuerySchema(WAITING_LIST_SORT_FIELDS, 'id', 25);

/** `GET /api/waitinglist/filters?activity_id=`: activities with a waiting list or entries, and the chosen one's dates. */
export const waitingListFiltersQuerySchema = z.object({
  activity_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});
export const waitingListFiltersSchema = z.object({
  activities: z.array(z.object({ id: z.number(), name: z.string(), waiting_list: z.boolean() })),
  sessions: z.array(z.object({ id: z.number(), starts_at: z.string(), cancelled: z.boolean() })),
});
export type WaitingListFilters = z.infer<typeof waitingListFiltersSchema>;

/** Why a manual offer is refused (409 `reason`). */
export const WAITING_LIST_OFFER_REFUSALS = ['not_waiting', 'no_seats', 'closed'] as const;
export type WaitingListOfferRefusal = (typeof WAITING_LIST_OFFER_REFUSALS)[number];
