import type { BookingScope } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { emptyTranslated, toTranslatedForm } from '../../../components/form/translated-fields';
import { formNumber, numberOrNull, type NumberValue, type TextValues } from './form-values';
import type { LocationItem } from '@bookla/shared/catalogue';
import type { ActivityDefaults } from '@bookla/shared/catalogue-activities';
import type { ProductItem } from '@bookla/shared/catalogue-tickets';
import type { HolidayItem } from '@bookla/shared/catalogue-timetable';

/** Form values and request bodies of products, locations, course defaults, holidays. */

// ---------------------------------------------------------------- products

export interface ProductValues {
  name: TextValues;
  description: TextValues;
  price: string;
  tax_rate: NumberValue;
  stock: NumberValue;
  scope: BookingScope;
  min_per_order: NumberValue;
  max_per_order: NumberValue;
  active: boolean;
}

export const blankProduct = (languages: readonly Language[]): ProductValues => ({
  name: emptyTranslated(languages),
  description: emptyTranslated(languages),
  price: '',
  tax_rate: 0,
  stock: '',
  scope: 'order',
  min_per_order: 0,
  max_per_order: '',
  active: true,
});

export const productToValues = (p: ProductItem, languages: readonly Language[]): ProductValues => ({
  name: toTranslatedForm(p.name, languages),
  description: toTranslatedForm(p.description, languages),
  price: String(p.price),
  tax_rate: p.tax_rate,
  stock: formNumber(p.stock),
  scope: p.scope,
  min_per_order: p.min_per_order,
  max_per_order: formNumber(p.max_per_order),
  active: p.active,
});

export const productBody = (v: ProductValues) => ({
  name: v.name,
  description: v.description,
  price: v.price,
  tax_rate: numberOrNull(v.tax_rate) ?? 0,
  stock: numberOrNull(v.stock),
  scope: v.scope,
  min_per_order: numberOrNull(v.min_per_order) ?? 0,
  max_per_order: numberOrNull(v.max_per_order),
  active: v.active,
});
// ---------------------------------------------------------------- locations

export interface LocationValues {
  name: TextValues;
  address: string;
  postal_code: string;
  city: string;
  country: string;
  directions: TextValues;
  latitude: NumberValue;
  longitude: NumberValue;
}

export const blankLocation = (languages: readonly Language[], country = ''): LocationValues => ({
  name: emptyTranslated(languages),
  address: '',
  postal_code: '',
  city: '',
  country,
  directions: emptyTranslated(languages),
  latitude: '',
  longitude: '',
});

export const locationToValues = (l: LocationItem, languages: readonly Language[]): LocationValues => ({
  name: toTranslatedForm(l.name, languages),
  address: l.address ?? '',
  postal_code: l.postal_code,
  city: l.city,
  country: l.country,
  directions: toTranslatedForm(l.directions, languages),
  latitude: formNumber(l.latitude),
  longitude: formNumber(l.longitude),
});

export const locationBody = (v: LocationValues) => ({
  ...v,
  address: v.address.trim() || null,
  latitude: numberOrNull(v.latitude),
  longitude: numberOrNull(v.longitude),
});
// ---------------------------------------------------------------- course defaults

export interface DefaultsValues {
  tax_rate: NumberValue;
  reservation_minutes: NumberValue;
  booking_closes_minutes: NumberValue;
  cancellation_policy: TextValues;
  waiting_list: 0 | 1;
  location_id: string;
  capacity: NumberValue;
  session_minutes: NumberValue;
}

export const defaultsToValues = (d: ActivityDefaults, languages: readonly Language[]): DefaultsValues => ({
  tax_rate: d.tax_rate,
  reservation_minutes: d.reservation_minutes,
  booking_closes_minutes: d.booking_closes_minutes,
  cancellation_policy: toTranslatedForm(d.cancellation_policy, languages),
  waiting_list: d.waiting_list ? 1 : 0,
  location_id: d.location_id === null ? '' : String(d.location_id),
  capacity: formNumber(d.capacity),
  session_minutes: d.session_minutes,
});

export const defaultsBody = (v: DefaultsValues) => ({
  tax_rate: numberOrNull(v.tax_rate) ?? 0,
  reservation_minutes: numberOrNull(v.reservation_minutes),
  booking_closes_minutes: numberOrNull(v.booking_closes_minutes) ?? 0,
  cancellation_policy: v.cancellation_policy,
  waiting_list: v.waiting_list === 1,
  location_id: v.location_id ? Number(v.location_id) : null,
  capacity: numberOrNull(v.capacity),
  session_minutes: numberOrNull(v.session_minutes),
});
// ---------------------------------------------------------------- holidays

export interface HolidayValues {
  name: TextValues;
  starts_on: string;
  ends_on: string;
}

export const blankHoliday = (languages: readonly Language[]): HolidayValues => ({
  name: emptyTranslated(languages),
  starts_on: '',
  ends_on: '',
});
export const holidayToValues = (h: HolidayItem, languages: readonly Language[]): HolidayValues => ({
  name: toTranslatedForm(h.name, languages),
  starts_on: h.starts_on,
  ends_on: h.ends_on,
});
