import type {
  SubscriptionDetail,
  SubscriptionItem,
  SubscriptionMember,
  SubscriptionMemberDetail,
  SubscriptionStats,
  TierItem,
} from '@bookla/shared/subscriptions';

/** Test data of the subscriptions screens, as the server's replies carry it (checked by the shared schemas). */

export const monthly: TierItem = {
  id: 11,
  subscription_id: 4,
  name: { de: 'Monatlich unbegrenzt', en: 'Monthly unlimited' },
  name_text: 'Monthly unlimited',
  price: 89,
  price_minor: 8900,
  currency: 'CHF',
  interval: 'month',
  valid_days: null,
  credits: null,
  seats_per_booking: 1,
  tax_rate: 8.1,
  active: true,
  sort: 1,
  member_count: 12,
};

export const pass: TierItem = {
  ...monthly,
  id: 12,
  name: { de: '10er-Abo', en: '10-class pass' },
  name_text: '10-class pass',
  price: 200,
  price_minor: 20000,
  interval: 'once',
  valid_days: 180,
  credits: 10,
  seats_per_booking: 2,
  active: false,
  sort: 2,
  member_count: 3,
};

export const yoga: SubscriptionDetail = {
  id: 4,
  name: { de: 'Yoga unbegrenzt', en: 'Yoga unlimited' },
  name_text: 'Yoga unlimited',
  description: { de: 'Alle Yogaklassen', en: 'All yoga classes' },
  activity_ids: [7],
  type_set_ids: [],
  status: 'published',
  tier_count: 2,
  member_count: 15,
  created_at: '2026-10-01T10:00:00+02:00',
  updated_at: '2026-10-02T10:00:00+02:00',
  tiers: [monthly, pass],
};

export function itemOf(detail: SubscriptionDetail): SubscriptionItem {
  const { tiers: _tiers, ...item } = detail;
  return item;
}

export const pottery: SubscriptionItem = {
  ...itemOf(yoga),
  id: 5,
  name: { de: 'Töpfern', en: 'Pottery' },
  name_text: 'Pottery',
  description: {},
  activity_ids: [],
  status: 'draft',
  tier_count: 0,
  member_count: 0,
};

export const stats: SubscriptionStats = {
  currency: 'CHF',
  active_members: 14,
  past_due_members: 1,
  mrr_minor: 123450,
  churn_percent: 4.5,
  tiers: [
    { subscription_id: 4, tier_id: 11, name: 'Monthly unlimited', interval: 'month', active_members: 12, mrr_minor: 106800 },
    { subscription_id: 4, tier_id: 12, name: '10-class pass', interval: 'once', active_members: 2, mrr_minor: 0 },
  ],
};

export const lea: SubscriptionMember = {
  id: 31,
  customer: { firstname: 'Lea', lastname: 'Meier', email: 'lea@example.ch' },
  tier_id: 12,
  tier_name: '10-class pass',
  status: 'active',
  current_period_start: '2026-11-01T00:00:00+01:00',
  current_period_end: '2027-04-30T00:00:00+02:00',
  credits_left: 4,
  cancel_at_period_end: false,
  renewal_method: 'none',
  card_label: null,
  created_at: '2026-11-01T10:00:00+01:00',
};

export const leaDetail: SubscriptionMemberDetail = {
  ...lea,
  events: [
    { id: 2, kind: 'credit_used', credits: -1, order_id: null, by: null, note: null, created_at: '2026-11-10T18:00:00+01:00' },
    { id: 1, kind: 'purchased', credits: 10, order_id: 501, by: null, note: null, created_at: '2026-11-01T10:00:00+01:00' },
  ],
};

export const tom: SubscriptionMember = {
  ...lea,
  id: 32,
  customer: { firstname: 'Tom', lastname: 'Keller', email: 'tom@example.ch' },
  tier_id: 11,
  tier_name: 'Monthly unlimited',
  status: 'past_due',
  credits_left: null,
  renewal_method: 'card',
  card_label: 'visa •••• 4242',
};

/** Lea on the monthly tier (renews, unlimited credits). */
export const leaMonthly: SubscriptionMemberDetail = { ...leaDetail, tier_id: 11, tier_name: 'Monthly unlimited', credits_left: null };
