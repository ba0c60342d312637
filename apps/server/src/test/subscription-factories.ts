import type { MembershipStatus } from '@bookla/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, memberships, subscriptions, subscriptionTiers, teams } from '../db/schema/index.ts';

/** Test rows of subscriptions (inserted directly, like the other selling factories). */

export async function setSubscriptionsFeature(db: Db, teamId: number, on: boolean): Promise<void> {
  await db
    .update(teams)
    .set({ features: sql`${teams.features} || jsonb_build_object('subscriptions', ${on}::boolean)` })
    .where(eq(teams.id, teamId));
}

export async function makeSubscription(db: Db, teamId: number, name = 'Yoga unlimited', status: 'draft' | 'published' = 'published') {
  const [s] = await db
    .insert(subscriptions)
    .values({ teamId, name: { de: name, en: name, fr: name }, status })
    .returning();
  return s!;
}

export async function makeTier(
  db: Db,
  teamId: number,
  subscriptionId: number,
  values: Partial<typeof subscriptionTiers.$inferInsert> = {},
) {
  const [t] = await db
    .insert(subscriptionTiers)
    .values({
      teamId,
      subscriptionId,
      name: { de: 'Monat', en: 'Monthly', fr: 'Mensuel' },
      priceMinor: 12000,
      currency: 'CHF',
      interval: 'month',
      ...values,
    })
    .returning();
  return t!;
}

export async function makeMember(
  db: Db,
  teamId: number,
  tier: { id: number; subscriptionId: number; credits: number | null },
  opts: {
    email?: string;
    firstname?: string;
    lastname?: string;
    status?: MembershipStatus;
    createdAt?: Date;
    endedAt?: Date | null;
    isTest?: boolean;
    /** An existing customer of the team (else a new, confirmed one). */
    customerId?: number;
  } = {},
) {
  const email = opts.email ?? `member-${Math.random().toString(36).slice(2)}@example.com`;
  const [c] = opts.customerId
    ? await db.select().from(customers).where(eq(customers.id, opts.customerId))
    : await db
        .insert(customers)
        .values({
          teamId,
          email,
          firstname: opts.firstname ?? 'Mia',
          lastname: opts.lastname ?? 'Mitglied',
          language: 'en',
          emailVerifiedAt: new Date(),
        })
        .returning();
  const start = new Date();
  const [m] = await db
    .insert(memberships)
    .values({
      teamId,
      subscriptionId: tier.subscriptionId,
      tierId: tier.id,
      customerId: c!.id,
      status: opts.status ?? 'active',
      renewalMethod: 'invoice',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
      creditsLeft: tier.credits,
      isTest: opts.isTest ?? false,
      createdAt: opts.createdAt ?? start,
      endedAt: opts.endedAt ?? null,
    })
    .returning();
  return { membership: m!, customer: c! };
}
