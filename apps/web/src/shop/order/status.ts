/** The spec's payment-status labels (§4): the shared rule, without the zod schemas of selling.ts. */
export { paymentStatusLabelKey as statusLabelKey } from '@bookla/shared/payment-status';

/** Payment types that finish on a payment page and come back (the order page waits for them). */
export const ONLINE_PAYMENTS = new Set(['stripe', 'datatrans', 'test']);
