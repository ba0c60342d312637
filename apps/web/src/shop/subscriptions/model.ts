import type { MyMembership, PublicSubscription } from '@bookla/shared/subscriptions';
import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import { request } from '../api';
import type { T } from '../i18n';

/** Memberships and passes in the shop (CONTRACT §5): the public list, the words for a tier, what a membership covers. */

export type PublicTier = PublicSubscription['tiers'][number];

/** Published subscriptions with their active tiers; 404 while the team's subscriptions are off (then: none). */
export const subscriptionsApi = {
  list: (teamId: number, lang: string, signal?: AbortSignal) =>
    request<{ data: PublicSubscription[] }>(`/api/public/teams/${teamId}/subscriptions?lang=${encodeURIComponent(lang)}`, { signal }).then(
      (r) => r.data.filter((s) => s.tiers.length > 0),
    ),
};

/** The cache key of that list (the page and the list page's link share it). */
export const subscriptionsKey = (teamId: number, lang: string) => `subscriptions:${teamId}:${lang}`;

/** "per month", "one-off, valid 30 days". */
export const periodText = (t: T, tier: Pick<PublicTier, 'interval' | 'valid_days'>) =>
  tier.interval === 'once' ? t('subscriptions.tier.once', { count: tier.valid_days ?? 0 }) : t(`subscriptions.tier.${tier.interval}`);

/** "10 classes" or "Unlimited", and "member + 1 guest" when more than one seat may be booked at a time. */
export function tierFacts(t: T, tier: Pick<PublicTier, 'credits' | 'seats_per_booking'>): string[] {
  const facts = [tier.credits === null ? t('subscriptions.tier.unlimited') : t('subscriptions.tier.credits', { count: tier.credits })];
  if (tier.seats_per_booking > 1) facts.push(t('subscriptions.tier.guests', { count: tier.seats_per_booking - 1 }));
  return facts;
}

/** Whether a membership may book this activity: usable now, with credits, covering it. */
export function covers(m: MyMembership, activity: Pick<PublicActivity, 'id' | 'type_set'>): boolean {
  if (!m.usable || m.credits_left === 0) return false;
  const s = m.subscription;
  return s.covers_all || s.activity_ids.includes(activity.id) || s.type_set_ids.includes(activity.type_set.id);
}

/** How many seats of one booking a membership may pay: its tier's seats per booking, and no more than its credits. */
export const seatLimit = (m: MyMembership) => Math.min(m.tier.seats_per_booking, m.credits_left ?? Infinity);

/**
 * The memberships the participants book with, kept to what is allowed: a membership covering the
 * seat's activity, at most its seat limit per booking (the first participants that chose it keep it).
 * `chosen`: participant index → membership id as ticked; the answer drops what no longer fits.
 */
export function membershipSeats(
  memberships: readonly MyMembership[],
  seats: readonly { activity_id: number }[],
  activities: ReadonlyMap<number, Pick<PublicActivity, 'id' | 'type_set'>>,
  chosen: Readonly<Record<number, number>>,
): Record<number, number> {
  const valid: Record<number, number> = {};
  const used = new Map<number, number>();
  seats.forEach((seat, i) => {
    const m = memberships.find((x) => x.id === chosen[i]);
    const activity = activities.get(seat.activity_id);
    if (!m || !activity || !covers(m, activity)) return;
    const n = used.get(m.id) ?? 0;
    if (n >= seatLimit(m)) return;
    used.set(m.id, n + 1);
    valid[i] = m.id;
  });
  return valid;
}
