import type { Language } from '@bookla/shared/i18n';
import type {
  SubscriptionBody,
  SubscriptionDetail,
  SubscriptionStatus,
  TierBody,
  TierInterval,
  TierItem,
} from '@bookla/shared/subscriptions';
import { emptyTranslated, toTranslatedForm } from '../../components/form/translated-fields';

// ─── Subscription ───────────────────────────────────────────────────────────

/** The subscription form's values: what the inputs hold (texts, id strings), not the request body. */
export interface SubscriptionValues {
  name: Record<string, string>;
  description: Record<string, string>;
  activity_ids: string[];
  type_set_ids: string[];
  status: SubscriptionStatus;
}

export function blankSubscription(languages: readonly Language[]): SubscriptionValues {
  return { name: emptyTranslated(languages), description: emptyTranslated(languages), activity_ids: [], type_set_ids: [], status: 'draft' };
}

export function subscriptionToValues(s: SubscriptionDetail, languages: readonly Language[]): SubscriptionValues {
  return {
    name: toTranslatedForm(s.name, languages),
    description: toTranslatedForm(s.description, languages),
    activity_ids: s.activity_ids.map(String),
    type_set_ids: s.type_set_ids.map(String),
    status: s.status,
  };
}

/** The request body: ids as numbers; a description empty in every language is none (null). */
export function subscriptionBody(v: SubscriptionValues): SubscriptionBody {
  const described = Object.values(v.description).some((text) => text.trim() !== '');
  return {
    name: v.name,
    description: described ? v.description : null,
    activity_ids: v.activity_ids.map(Number),
    type_set_ids: v.type_set_ids.map(Number),
    status: v.status,
  };
}

/** `activity_ids.3` (one id of the list) shows at its picker. */
export function subscriptionErrorPath(path: string): string {
  if (path.startsWith('activity_ids.')) return 'activity_ids';
  if (path.startsWith('type_set_ids.')) return 'type_set_ids';
  return path;
}

// ─── Tier ───────────────────────────────────────────────────────────────────

/** A number input's value: a number, or `''` while empty. */
type NumberValue = number | string;

/** The tier form's values. `unlimited` is the switch that sends `credits: null`. */
export interface TierValues {
  name: Record<string, string>;
  /** Dot decimal as the price input gives it ("49.00"). */
  price: string;
  interval: TierInterval;
  valid_days: NumberValue;
  unlimited: boolean;
  credits: NumberValue;
  seats_per_booking: NumberValue;
  /** `''`: the company's default rate. */
  tax_rate: string;
  active: boolean;
}

export function blankTier(languages: readonly Language[]): TierValues {
  return {
    name: emptyTranslated(languages),
    price: '',
    interval: 'month',
    valid_days: '',
    unlimited: true,
    credits: '',
    seats_per_booking: 1,
    tax_rate: '',
    active: true,
  };
}

export function tierToValues(tier: TierItem, languages: readonly Language[]): TierValues {
  return {
    name: toTranslatedForm(tier.name, languages),
    price: String(tier.price),
    interval: tier.interval,
    valid_days: tier.valid_days ?? '',
    unlimited: tier.credits === null,
    credits: tier.credits ?? '',
    seats_per_booking: tier.seats_per_booking,
    tax_rate: String(tier.tax_rate),
    active: tier.active,
  };
}

/** `''` → null; anything else as a number (a malformed one fails the schema's number check). */
const numberOrNull = (v: NumberValue): number | null => (typeof v === 'string' && v.trim() === '' ? null : Number(v));

/**
 * The request body. Valid days belong to a one-off pass only: any other interval sends null, so a
 * tier changed from a pass to a monthly one clears them (a PUT keeps keys left out). Unlimited
 * credits are `null`. An empty tax rate is `null`: the company's default applies.
 */
export function tierBody(v: TierValues): TierBody {
  const seats = numberOrNull(v.seats_per_booking);
  return {
    name: v.name,
    price: v.price.trim(),
    interval: v.interval,
    valid_days: v.interval === 'once' ? numberOrNull(v.valid_days) : null,
    credits: v.unlimited ? null : numberOrNull(v.credits),
    ...(seats === null ? {} : { seats_per_booking: seats }),
    tax_rate: v.tax_rate.trim() === '' ? null : v.tax_rate.trim(),
    active: v.active,
  };
}

const isEmpty = (v: NumberValue) => typeof v === 'string' && v.trim() === '';

/**
 * What the form checks before sending: the body, with a number the form needs left empty as `''`
 * (the schema's "required"): the valid days of a pass, the credits of a limited tier.
 */
export function tierInput(v: TierValues): unknown {
  const body = tierBody(v);
  return {
    ...body,
    ...(v.interval === 'once' && isEmpty(v.valid_days) ? { valid_days: '' } : {}),
    ...(!v.unlimited && isEmpty(v.credits) ? { credits: '' } : {}),
  };
}
