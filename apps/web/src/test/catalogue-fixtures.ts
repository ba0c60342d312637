import type { LocationItem } from '@bookla/shared/catalogue';
import type { FieldItem } from '@bookla/shared/catalogue-setup';
import type { ProductItem } from '@bookla/shared/catalogue-tickets';

/** A location as `GET /api/course/locations` lists it (locationItemSchema): Zürich, no map pin. */
export function makeLocation(id: number, name: string, overrides: Partial<LocationItem> = {}): LocationItem {
  return {
    id,
    name: { de: name, en: name },
    name_text: name,
    address: 'Seestrasse 10',
    postal_code: '8002',
    city: 'Zürich',
    country: 'CH',
    directions: {},
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

/** A booking field as `GET /api/course/fields` lists it (fieldItemSchema): optional, per participant. */
export function makeField(id: number, type: FieldItem['type'], en: string, overrides: Partial<FieldItem> = {}): FieldItem {
  return {
    id,
    type,
    label: { de: en, en },
    label_text: en,
    help: {},
    help_text: '',
    options: [],
    scope: 'participant',
    required: false,
    visible_if: null,
    sort: id,
    ...overrides,
  };
}

/** A choice of a select attribute or field as the server sends it (label in the request language). */
export function choice(value: string, de: string, en: string) {
  return { value, label: { de, en }, label_text: en };
}

/** A product as `GET /api/course/options` lists it (productItemSchema): unlimited stock, active. */
export function makeProduct(id: number, name: string, price: number, overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    id,
    name: { de: name, en: name },
    name_text: name,
    description: {},
    price,
    price_minor: Math.round(price * 100),
    currency: 'CHF',
    tax_rate: 8.1,
    stock: null,
    sold: 0,
    stock_available: null,
    scope: 'order',
    min_per_order: 0,
    max_per_order: null,
    active: true,
    sort: id,
    created_at: '2026-01-01T10:00:00+01:00',
    ...overrides,
  };
}
