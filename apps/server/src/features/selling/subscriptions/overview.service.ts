import { minorToDecimal, pickText, type Language, type PublicSubscription, type SubscriptionStats } from '@bookla/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { subscriptions, subscriptionTiers, teams } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { enabledPaymentMethods, getCheckoutTeam } from '../settings/index.ts';
import type { SubscriptionTeam } from './subscriptions.service.ts';

/** The subscriptions screen's figures and the shop's list of what is on sale (CONTRACT §5). */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

const CHURN_DAYS = 30;

/**
 * Active and past-due members, monthly recurring revenue (monthly tiers' prices plus a twelfth of
 * yearly ones, as each member pays; passes bought once are no recurring revenue), churn over the
 * last 30 days (memberships that ended in them over those held at their start) and the same per
 * tier. Test-mode memberships are left out.
 */
export async function subscriptionStats(db: Db, team: SubscriptionTeam, lang: Language): Promise<SubscriptionStats> {
  const since = new Date(Date.now() - CHURN_DAYS * 86_400_000);
  const perTier = rowsOf(
    await db.execute(sql`
      SELECT t.id AS tier_id, t.subscription_id, t.name, t.interval,
        count(m.id) FILTER (WHERE m.status = 'active')::int AS active,
        count(m.id) FILTER (WHERE m.status = 'past_due')::int AS past_due,
        coalesce(sum(CASE WHEN m.status = 'active' AND t.interval = 'month' THEN t.price_minor
                          WHEN m.status = 'active' AND t.interval = 'year' THEN t.price_minor / 12.0 ELSE 0 END), 0)::float8 AS mrr
      FROM subscription_tiers t
      LEFT JOIN memberships m ON m.tier_id = t.id AND NOT m.is_test
      WHERE t.team_id = ${team.id}
      GROUP BY t.id ORDER BY t.subscription_id, t.sort, t.id`),
  );
  const [churn] = rowsOf(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE created_at < ${since} AND (ended_at IS NULL OR ended_at >= ${since}))::int AS held,
        count(*) FILTER (WHERE created_at < ${since} AND ended_at >= ${since})::int AS ended
      FROM memberships WHERE team_id = ${team.id} AND NOT is_test`),
  );
  const held = Number(churn?.held ?? 0);
  const endedCount = Number(churn?.ended ?? 0);
  const tiers = perTier.map((r) => ({
    subscription_id: Number(r.subscription_id),
    tier_id: Number(r.tier_id),
    name: pickText(r.name as Record<string, string>, lang),
    interval: r.interval as 'once' | 'month' | 'year',
    active_members: Number(r.active),
    mrr_minor: Math.round(Number(r.mrr)),
  }));
  return {
    currency: team.currency,
    active_members: tiers.reduce((n, t) => n + t.active_members, 0),
    past_due_members: perTier.reduce((n, r) => n + Number(r.past_due), 0),
    mrr_minor: Math.round(perTier.reduce((n, r) => n + Number(r.mrr), 0)),
    churn_percent: held ? Math.round((endedCount / held) * 1000) / 10 : 0,
    tiers,
  };
}

/**
 * Published subscriptions with their active tiers; 404 while the team's feature is off. A paid
 * tier is left out while the team takes no payment (as tickets, issue 22 item 2): the shop never
 * offers what cannot be paid; a subscription left with no tier is left out too.
 */
export async function publicSubscriptions(db: Db, teamId: number, lang: Language): Promise<PublicSubscription[]> {
  const [team] = await db
    .select({ on: sql<boolean>`coalesce((${teams.features}->>'subscriptions')::boolean, false)` })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!team?.on) throw notFound();
  const checkout = await getCheckoutTeam(db, teamId);
  const takesPayment = !!checkout && enabledPaymentMethods(checkout.settings).some((m) => m !== 'free');
  const rows = await db
    .select({ s: subscriptions, t: subscriptionTiers })
    .from(subscriptions)
    .innerJoin(subscriptionTiers, and(eq(subscriptionTiers.subscriptionId, subscriptions.id), eq(subscriptionTiers.active, true)))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'published')))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id), asc(subscriptionTiers.sort), asc(subscriptionTiers.id));
  const out = new Map<number, PublicSubscription>();
  for (const { s, t } of rows) {
    if (t.priceMinor > 0 && !takesPayment) continue;
    let entry = out.get(s.id);
    if (!entry) {
      entry = {
        id: s.id,
        name: pickText(s.name, lang),
        description: pickText(s.description, lang),
        covers_all: s.activityIds.length === 0 && s.typeSetIds.length === 0,
        tiers: [],
      };
      out.set(s.id, entry);
    }
    entry.tiers.push({
      id: t.id,
      name: pickText(t.name, lang),
      price: minorToDecimal(t.priceMinor, t.currency),
      price_minor: t.priceMinor,
      currency: t.currency,
      interval: t.interval,
      valid_days: t.validDays,
      credits: t.credits,
      seats_per_booking: t.seatsPerBooking,
    });
  }
  return [...out.values()];
}
