import type { ActivityKind } from '@bookla/shared/catalogue';
import type { AttributeType, BookingScope, ChoiceOption, FieldCondition, FieldType } from '@bookla/shared/catalogue-model';
import type { Translated } from '@bookla/shared/i18n';

/**
 * Records of the catalogue setup as the API replies with them (docs/api/catalogue.md, "Setup").
 * Translatable values come as `{de?, en?, fr?}`; a `*_text` beside one is that text picked in the
 * request language, when the server sends it.
 */

export interface TypeSetListItem {
  id: number;
  name: Translated | string;
  name_text?: string;
  kind: ActivityKind;
  attribute_count?: number;
  field_count?: number;
  activity_count?: number;
}

export interface TypeSetRecord {
  id: number;
  name: Translated;
  name_text?: string;
  kind: ActivityKind;
  attributes: { attribute_id: number; required: boolean }[];
  fields: number[];
}

export interface AttributeRecord {
  id: number;
  type: AttributeType;
  label: Translated;
  label_text?: string;
  options: ChoiceOption[];
  filterable: boolean;
}

export interface FieldRecord {
  id: number;
  type: FieldType;
  label: Translated;
  label_text?: string;
  help: Translated | null;
  options: ChoiceOption[];
  scope: BookingScope;
  required: boolean;
  visible_if: FieldCondition | null;
}

export interface ProductRecord {
  id: number;
  name: Translated;
  name_text?: string;
  description: Translated | null;
  price: number;
  price_minor: number;
  currency: string;
  tax_rate: number;
  stock: number | null;
  sold?: number;
  scope: BookingScope;
  min_per_order: number;
  max_per_order: number | null;
  active: boolean;
}

export interface CourseDefaults {
  tax_rate: number;
  reservation_minutes: number;
  booking_closes_minutes: number;
  cancellation_policy: Translated | null;
  waiting_list: boolean;
  location_id: number | null;
  capacity: number | null;
  session_minutes: number;
}

export interface HolidayRecord {
  id: number;
  name: Translated;
  name_text?: string;
  starts_on: string;
  ends_on: string;
}

export type { LocationItem as LocationRecord } from '@bookla/shared/catalogue';
