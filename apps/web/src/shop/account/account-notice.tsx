import { useEffect, useState } from 'react';
import { Link } from '../router';
import { useShop } from '../shop-context';
import { readJson, removeKey, writeJson } from '../storage';
import { Notice } from '../ui/states';
import './texts';

/**
 * How the account asked for at checkout came out, shown once on the order page (the checkout
 * leaves for the order page or a payment page right after registering).
 */
interface AccountOutcome {
  /** The order's public id. */
  orderId: string;
  ok: boolean;
  message: string;
}

const key = (teamId: number) => `bookla.shop.${teamId}.account`;

export function rememberAccountOutcome(teamId: number, outcome: AccountOutcome): void {
  writeJson(key(teamId), outcome);
}

export function AccountOutcomeNotice({ teamId, orderId }: { teamId: number; orderId: string }) {
  const { t, base } = useShop();
  const [outcome] = useState(() => {
    const stored = readJson<AccountOutcome>(key(teamId));
    return stored && stored.orderId === orderId ? stored : null;
  });
  useEffect(() => {
    if (outcome) removeKey(key(teamId));
  }, [outcome, teamId]);
  if (!outcome) return null;
  return outcome.ok ? (
    <Notice tone="success" title={t('account.checkout.created')}>
      <p>{outcome.message}</p>
    </Notice>
  ) : (
    <Notice tone="warning" title={t('account.checkout.notCreated')}>
      <p>{outcome.message}</p>
      <p>
        <Link to={`${base}/account`}>{t('account.checkout.later')}</Link>
      </p>
    </Notice>
  );
}
