import type { Language } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import { memberships } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { loadOrderRow } from '../orders/index.ts';
import { adapterOf, openRenewalAttempt, startOnlinePayment, type PaymentDeps } from '../payments/index.ts';
import { getSellingSettings } from '../settings/index.ts';

/**
 * "Update card" in the shop's "my memberships" (issue 24): a past-due membership renewed by card
 * pays its open renewal order now on the provider's page; the card given there is kept and, once
 * the order is paid, replaces the saved one (settleOrder). The membership is the customer's own
 * (another's: 404); without an open renewal to pay: 409.
 */
export async function payRenewalWithNewCard(
  deps: PaymentDeps,
  teamId: number,
  customerId: number,
  id: number,
  language: Language,
): Promise<{ payment_url: string }> {
  const [m] = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.customerId, customerId), eq(memberships.id, id)));
  if (!m) throw notFound();
  const order = m.renewalOrderId ? await loadOrderRow(deps.db, teamId, m.renewalOrderId) : undefined;
  if (m.status !== 'past_due' || m.renewalMethod !== 'card' || !order || order.paymentStatus !== 'waiting')
    throw new AppError('CONFLICT', 'subscriptions:member.no_open_renewal');
  const adapter = adapterOf(order.paymentType);
  if (!adapter?.ready(await getSellingSettings(deps.db, teamId))) throw new AppError('CONFLICT', 'subscriptions:member.card_unavailable');
  if ((await openRenewalAttempt(deps.db, teamId, order.id, adapter.provider)) === 'busy')
    throw new AppError('CONFLICT', 'subscriptions:member.renewal_busy');
  const { paymentUrl } = await startOnlinePayment(deps, { teamId, orderId: order.id, method: adapter.provider, language });
  return { payment_url: paymentUrl };
}
