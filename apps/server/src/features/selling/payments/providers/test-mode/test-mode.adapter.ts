import { createHmac } from 'node:crypto';
import type { Language, TestSaveCard } from '@bookla/shared';
import type { Config } from '../../../../../config/env.ts';
import { deriveKey } from '../../../../../lib/keys.ts';
import { constantTimeEqual } from '../../../../../lib/tokens.ts';
import type { ChargeOutcome, ChargeSavedRequest, PaymentAdapter, PaymentNotice, StartContext, StartedPayment } from '../../adapters.ts';

/**
 * The clearly labelled test-mode provider: no money moves. The buyer lands on our own "pay /
 * decline" page (`/{lang}/shop/{teamId}/test-payment/{paymentId}?token=…`); its answer becomes a
 * notice handled exactly like a verified Stripe webhook. Only for teams whose test mode is on
 * (off for real teams, on for the seeded demo provider).
 */

/**
 * The page's key: an HMAC of the payment id under the order-links key with its own label, so an
 * order link's token never opens a payment page, nor back. 128 bits, base64url.
 */
export function testPaymentToken(config: Pick<Config, 'sessionSecret'>, paymentId: number): string {
  return createHmac('sha256', deriveKey(config.sessionSecret, 'order-links'))
    .update(`payment:${paymentId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function isTestPaymentToken(config: Pick<Config, 'sessionSecret'>, paymentId: number, token: unknown): boolean {
  return (
    typeof token === 'string' && token.length > 0 && token.length < 100 && constantTimeEqual(token, testPaymentToken(config, paymentId))
  );
}

export function testPaymentUrl(
  config: Pick<Config, 'appUrl' | 'sessionSecret'>,
  lang: Language,
  teamId: number,
  paymentId: number,
): string {
  return `${config.appUrl}/${lang}/shop/${teamId}/test-payment/${paymentId}?token=${testPaymentToken(config, paymentId)}`;
}

export const testModeAdapter: PaymentAdapter = {
  provider: 'test',
  // No money moves: a refund of a test order is only recorded; a renewal "charges" the test card kept on the page.
  capabilities: { refunds: false, partialRefunds: false, recurring: true, methods: ['test'] },
  ready: (settings) => settings.testModeEnabled,
  async start(ctx: StartContext): Promise<StartedPayment> {
    const { deps, order, payment } = ctx;
    return { externalId: `test_${payment.id}`, checkoutUrl: testPaymentUrl(deps.config, ctx.language, order.teamId, payment.id) };
  },
  // The test card kept on the page: `test_card` is paid, `test_card_declines` declined (no money moves either way).
  async chargeSaved({ payment, saved }: ChargeSavedRequest): Promise<ChargeOutcome> {
    if (saved === TEST_CARDS.yes)
      return {
        status: 'succeeded',
        externalPaymentId: `test_charge_${payment.id}`,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      };
    return { status: 'declined', reason: 'card_declined' };
  },
};

/** The test page's saved cards (what `save_card` keeps) and how they are labelled. */
export const TEST_CARDS: Record<TestSaveCard, string> = { yes: 'test_card', declines: 'test_card_declines' };
const TEST_CARD_LABELS: Record<TestSaveCard, string> = { yes: 'Test card', declines: 'Test card (declines renewals)' };

export type TestOutcome = 'pay' | 'decline';

/** The buyer's answer on the test page as a notice; one event id per attempt and answer. */
export function testNotice(teamId: number, paymentId: number, outcome: TestOutcome, saveCard?: TestSaveCard): PaymentNotice {
  return {
    ...(outcome === 'pay' && saveCard ? { savedCard: { reference: TEST_CARDS[saveCard], label: TEST_CARD_LABELS[saveCard] } } : {}),
    provider: 'test',
    eventId: `test_${paymentId}_${outcome}`,
    type: outcome === 'pay' ? 'test.payment.succeeded' : 'test.payment.declined',
    teamId,
    outcome: outcome === 'pay' ? 'paid' : 'declined',
    paymentId,
    externalId: `test_${paymentId}`,
    externalPaymentId: outcome === 'pay' ? `test_${paymentId}` : null,
  };
}
