import { z } from 'zod';
import { ACTIVITY_SORT_FIELDS } from './catalogue-model.ts';
import { LANGUAGES, type Language } from './i18n.ts';
import { listQuerySchema } from './pagination.ts';
import { successSchema } from './replies.ts';
import { safeRecordSchema } from './safe-keys.ts';
import { multiLine, singleLine } from './validation.ts';

/**
 * Catalogue schemas (activities, type sets, locations), shared by the server's routes and the
 * web client's forms. No English here: messages are validation keys.
 */

export const ACTIVITY_KINDS = ['course', 'event'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_STATUSES = ['draft', 'published', 'archived'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const TICKET_VISIBILITIES = ['public', 'hidden'] as const;
export type TicketVisibility = (typeof TICKET_VISIBILITIES)[number];

const MAX_ID = 2_147_483_647;
const NAME_MAX = 200;

/** A record id in a request body as routes take it: a positive 32-bit integer (a number, never a string). */
export const idSchema = z.number().int().positive().max(MAX_ID);

/**
 * A record id in a form: a positive integer, also held as a numeric string by selects. Forms send
 * this schema's output (a number); routes take `idSchema`.
 */
export const idFieldSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
  z.number().int().positive().max(MAX_ID),
);

/**
 * Texts up to a name's length (names, labels) are single lines: control characters refused
 * (`singleLine`); longer ones (descriptions, notes, help) are paragraphs that keep line breaks.
 */
type Lines = 'single' | 'multi';
const linesFor = (max: number): Lines => (max <= NAME_MAX ? 'single' : 'multi');
const lineRule = (s: z.ZodString, lines: Lines) => (lines === 'single' ? singleLine(s) : multiLine(s));

/** A translatable text as sent: any of de/en/fr, trimmed; empty values count as missing. */
export const translatedInputSchema = (max = NAME_MAX, lines: Lines = linesFor(max)) => {
  const text = () => lineRule(z.string().trim().max(max), lines).nullish();
  return z.object({ de: text(), en: text(), fr: text() });
};

/** A translatable text required in each of the given languages (the team's languages). */
export function requiredTranslatedSchema(languages: readonly Language[], max = NAME_MAX, lines: Lines = linesFor(max)) {
  return z.object(
    Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        languages.includes(l) ? lineRule(z.string().trim().min(1).max(max), lines) : lineRule(z.string().trim().max(max), lines).nullish(),
      ]),
    ),
  );
}

/** Drops empty translations: `{de: 'Kurs', en: ''}` → `{de: 'Kurs'}`. */
export function compactTranslated(
  value: Partial<Record<string, string | null | undefined>> | null | undefined,
): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const l of LANGUAGES) {
    const text = value?.[l]?.trim();
    if (text) out[l] = text;
  }
  return out;
}

/**
 * POST /api/course/store as the route takes it: the static shape. A missing type set and the
 * names required in the team's languages are checked by the service (`activityStoreSchema`), so
 * one 422 names both.
 */
export const activityStoreBodySchema = z.strictObject({
  type_set_id: idSchema.nullish(),
  name: safeRecordSchema(z.string().nullable()).nullish(),
});
export type ActivityStoreBody = z.infer<typeof activityStoreBodySchema>;

/** The create-course form for a team with these languages (spec §5). */
export function activityStoreSchema(languages: readonly Language[]) {
  return z.object({ type_set_id: idFieldSchema, name: requiredTranslatedSchema(languages).default({}) });
}

/** POST /api/course/store → the new activity's id. */
export const activityStoreReplySchema = successSchema.extend({ course_id: z.number() });
export type ActivityStoreReply = z.infer<typeof activityStoreReplySchema>;

export const typeSetItemSchema = z.object({ id: z.number(), name: z.string(), kind: z.enum(ACTIVITY_KINDS) });
export type TypeSetItem = z.infer<typeof typeSetItemSchema>;

export const translatedSchema = z.object({ de: z.string().optional(), en: z.string().optional(), fr: z.string().optional() });

export const seatCountSchema = z.object({ sold: z.number(), stock: z.number() });

export const activityListItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  type: z.object({ id: z.number(), name: z.string() }),
  parent: z.number().nullable(),
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
  instructor: z.object({ id: z.number(), name: z.string() }).nullable(),
  media: z.object({ header_image: z.object({ url: z.string() }).nullable() }),
  timetables: z.array(z.object({ start_date: z.string() })),
  tickets: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      currency: z.string(),
      stock: z.number(),
      stock_reserved: z.number(),
      stock_available: z.number(),
      sale_end: z.string().nullable(),
    }),
  ),
  participants: z.object({ paid: z.number() }),
  /** Earliest upcoming scheduled session (ISO with the company's offset), or null. */
  next_session: z.string().nullable(),
  /** Totals over the activity's tickets (whole-activity and per-date ones added together). */
  sold: z.number(),
  stock: z.number(),
  /**
   * The same apart: tickets for the whole activity, per-date (drop-in) tickets over all dates,
   * and the per-date tickets of the next date; null where there are no such tickets.
   */
  seats: z
    .object({
      course: seatCountSchema.nullable(),
      per_date: seatCountSchema.nullable(),
      next_date: seatCountSchema.extend({ starts_at: z.string() }).nullable(),
    })
    .optional(),
  status: z.enum(ACTIVITY_STATUSES),
  created_at: z.string(),
});
export type ActivityListItem = z.infer<typeof activityListItemSchema>;

const listQuery = <F extends string>(fields: readonly [F, ...F[]], defaultSort: F) => listQuerySchema(fields, defaultSort);

export { ACTIVITY_SORT_FIELDS };
export const activityListQuerySchema = listQuery(ACTIVITY_SORT_FIELDS, 'created_at');

export const LOCATION_SORT_FIELDS = ['id', 'created_at', 'name', 'city'] as const;
export const locationListQuerySchema = listQuery(LOCATION_SORT_FIELDS, 'created_at');

const optionalText = (max: number) =>
  singleLine(z.string().trim().max(max))
    .nullish()
    .transform((v) => (v ? v : null));

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable();

/**
 * A location as routes and the form take it (coordinates JSON numbers or null; unknown keys
 * refused); `name` is checked against the team's languages by `locationSchema`.
 */
export const locationBodySchema = z.strictObject({
  name: translatedInputSchema(),
  address: optionalText(200),
  postal_code: singleLine(z.string().trim().min(1).max(20)),
  city: singleLine(z.string().trim().min(1).max(100)),
  country: z.string().trim().length(2).toUpperCase(),
  directions: translatedInputSchema(2000).nullish(),
  latitude: coordinate(90).optional().default(null),
  longitude: coordinate(180).optional().default(null),
});
export type LocationBody = z.infer<typeof locationBodySchema>;

/** The location form for a team with these languages. */
export function locationSchema(languages: readonly Language[]) {
  return locationBodySchema.extend({ name: requiredTranslatedSchema(languages) });
}

export const locationItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  address: z.string().nullable(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
  directions: translatedSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LocationItem = z.infer<typeof locationItemSchema>;
