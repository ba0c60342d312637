import type { FastifyBaseLogger } from 'fastify';
import type { Language, PaymentProvider } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { OrderActor, SellingDeps, StaffRefundResult } from './order-state.service.ts';

/**
 * What orders need of online payments, as a narrow port (decision 017): payments depend on
 * orders (they read orders and change their state through order-state.service.ts), never the
 * reverse. The app wires the one implementation at start (selling-ports.ts, with payments'
 * functions), so nothing in orders imports payments. Unwired, a call fails loudly.
 */

export interface OrderPaymentDeps extends SellingDeps {
  /** Provider failures are logged here (without secrets). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface OrderPayments {
  /** Whether the buyer pays this method at a provider's page (the order waits for its webhook). */
  isOnline(method: PaymentProvider): boolean;
  /**
   * Opens the provider's page for a committed order waiting for an online payment and returns
   * where to send the buyer. When the provider cannot open it, the implementation ends the order
   * (`error`, seats back) and rejects: the caller only answers, it does not end the order again.
   */
  start(
    deps: OrderPaymentDeps,
    input: { teamId: number; orderId: number; method: PaymentProvider; language: Language },
  ): Promise<{ paymentUrl: string }>;
  /** A staff refund, through the provider the order was paid with online, else recorded (order-state.service.ts `refundOrder`). */
  refund(
    deps: OrderPaymentDeps,
    input: { teamId: number; orderId: number; amountMinor?: number; who: OrderActor; reason?: string | null },
  ): Promise<StaffRefundResult>;
  /** How a refund of this order moves the money: the provider's name when it refunds online, else `record`. */
  refundMethodOf(db: DbOrTx, teamId: number, orderId: number): Promise<string>;
}

let wired: OrderPayments | undefined;

/** The app's start-up wiring (selling-ports.ts). */
export function wireOrderPayments(payments: OrderPayments): void {
  wired = payments;
}

/** The wired payments; throws when the app has not wired them. */
export function orderPayments(): OrderPayments {
  if (!wired) throw new Error('order payments are not wired: call wireSellingPorts() at start-up (selling-ports.ts)');
  return wired;
}
