import { orderMails } from './features/selling/documents/index.ts';
import { wireOrderMails, wireOrderMemberships, wireOrderPayments, type OrderPayments } from './features/selling/orders/index.ts';
import { settleOrder } from './features/selling/subscriptions/index.ts';
import { isOnlineProvider, refundMethodOf, refundThroughProvider, startOnlinePayment } from './features/selling/payments/index.ts';

/**
 * The selling features' ports, wired once at start (background-jobs.ts, which the server and the
 * jobs thread both run). Orders own the order and its state and import neither documents nor
 * payments; what they need of them is a port orders define (orders/order-mails-port.ts,
 * orders/order-payments-port.ts) and the app plugs the implementations in here
 * (docs/decisions/017-selling-layers.md).
 */
export const orderPaymentsImpl: OrderPayments = {
  isOnline: isOnlineProvider,
  start: (deps, input) => {
    const { method } = input;
    if (!isOnlineProvider(method)) throw new RangeError(`${method} is not an online payment method`);
    return startOnlinePayment(deps, { ...input, method });
  },
  refund: refundThroughProvider,
  refundMethodOf,
};

export function wireSellingPorts(): void {
  wireOrderMails(orderMails);
  wireOrderPayments(orderPaymentsImpl);
  wireOrderMemberships({ settled: settleOrder });
}
