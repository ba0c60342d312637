import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import type { MyMembership } from '@bookla/shared/subscriptions';
import { useEffect } from 'react';
import { accountApi } from '../account/account-api';
import type { T } from '../i18n';
import { setIncludedBadge } from '../list/included-slot';
import { useFetch } from '../use-fetch';
import { covers } from './model';
import { useSubscriptionsShop } from './texts';

/**
 * "Included in your membership" on the activity cards (issue 24): loaded only for a logged-in
 * customer of a team that sells memberships (subscriptions-link.tsx). It reads the customer's
 * memberships and marks each card whose activity one of them covers and may book now (active, in
 * its period, the address confirmed, credits left or unlimited: `covers`), with the classes left
 * when none of those is unlimited. Renders nothing itself: the cards show the badge.
 */
export function IncludedBadges() {
  const { t, team, lang } = useSubscriptionsShop();
  const memberships = useFetch(`memberships:${team.id}`, (signal) => accountApi(team.id, lang).memberships(signal), { cache: false }).data;
  useEffect(() => {
    if (!memberships?.some((m) => m.usable)) return;
    setIncludedBadge((activity) => <IncludedBadge t={t} memberships={memberships} activity={activity} />);
    return () => setIncludedBadge(null);
  }, [memberships, t]);
  return null;
}

/** The classes left on the best membership covering the activity: null for unlimited, undefined for none. */
export function includedCredits(memberships: readonly MyMembership[], activity: PublicActivity): number | null | undefined {
  const mine = memberships.filter((m) => covers(m, activity));
  if (!mine.length) return undefined;
  if (mine.some((m) => m.credits_left === null)) return null;
  return Math.max(...mine.map((m) => m.credits_left ?? 0));
}

function IncludedBadge({ t, memberships, activity }: { t: T; memberships: readonly MyMembership[]; activity: PublicActivity }) {
  const credits = includedCredits(memberships, activity);
  if (credits === undefined) return null;
  return (
    <p className="included">
      <span className="badge badge-included">{t('subscriptions.included')}</span>
      {credits !== null && <span className="muted small">{t('subscriptions.mine.creditsLeft', { count: credits })}</span>}
    </p>
  );
}
