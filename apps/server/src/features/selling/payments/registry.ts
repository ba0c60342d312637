import type { OnlineProvider, PaymentAdapter } from './adapters.ts';
import { datatransAdapter } from './providers/datatrans/datatrans.adapter.ts';
import { stripeAdapter } from './providers/stripe/stripe.adapter.ts';
import { testModeAdapter } from './providers/test-mode/test-mode.adapter.ts';

/**
 * Every online payment provider, by name: the only place that lists them. A new provider is one
 * folder under `providers/` and one line here (docs/how-to/add-a-payment-provider.md).
 */
const ADAPTERS: Readonly<Record<OnlineProvider, PaymentAdapter>> = {
  stripe: stripeAdapter,
  datatrans: datatransAdapter,
  test: testModeAdapter,
};

export function paymentAdapter(provider: OnlineProvider): PaymentAdapter {
  return ADAPTERS[provider];
}

/** The adapter of a stored provider name, or undefined (invoice, manual, free have none). */
export function adapterOf(provider: string): PaymentAdapter | undefined {
  return Object.hasOwn(ADAPTERS, provider) ? ADAPTERS[provider as OnlineProvider] : undefined;
}

export const paymentAdapters = (): readonly PaymentAdapter[] => Object.values(ADAPTERS);
