/**
 * The catalogue's closed vocabularies (database CHECKs, zod enums and UI selects all use these).
 * Kept zod-free so the database schema and small web chunks can import them cheaply.
 */

/** Descriptive properties of an activity (later shop/embed filters). */
export const ATTRIBUTE_TYPES = ['text', 'number', 'select', 'multiselect', 'boolean', 'date'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Booking questions. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'address',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Whether a booking field or a product applies once per order or once per participant. */
export const BOOKING_SCOPES = ['order', 'participant'] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

export const RESOURCE_KINDS = ['room', 'equipment', 'instructor'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Timetable generator rules. */
export const RECURRENCE_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** One choice of a select attribute / field: a stable key and a translatable label. */
export interface ChoiceOption {
  value: string;
  label: Partial<Record<'de' | 'en' | 'fr', string>>;
}

/** Conditional visibility of a booking field: shown only when another field has one of the values. */
export interface FieldCondition {
  field_id: number;
  /** For select/multiselect: option values; for checkbox: ['1']; empty = "has any value". */
  values: string[];
}

/** Reservations hold seats this long unless a team or activity says otherwise. */
export const DEFAULT_RESERVATION_MINUTES = 15;
/** Seats of one ticket per order or reservation when the ticket sets no maximum (after merging lines of the same ticket). */
export const DEFAULT_MAX_PER_ORDER = 10;
/** Header images: the spec's file-size rule with this limit (MB = bytes / 1,000,000). */
export const HEADER_IMAGE_MAX_MB = 5;

/** The sort fields of the activity list (`GET /api/courses`); zod-free for the dashboard's latest activities. */
export const ACTIVITY_SORT_FIELDS = ['id', 'created_at', 'name', 'status'] as const;
