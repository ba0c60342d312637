/**
 * The spec's payment-status labels (§4), as `paymentStatusLabelKey` in @bookla/shared/selling
 * decides them — repeated here because that module carries zod schemas the shop must not load;
 * a test keeps the two equal for every status.
 */
export function statusLabelKey(status: string, paidAt: string | null | undefined): string {
  switch (status) {
    case 'paid':
      return paidAt ? 'status.paid' : 'status.unpaid';
    case 'free':
      return 'status.free';
    case 'waiting':
      return 'status.unpaid';
    case 'refunded':
      return 'status.refunded';
    case 'partially-refunded':
      return 'status.partially_refunded';
    case 'declined':
      return 'status.declined';
    case 'cancelled':
    case 'expired':
    case 'error':
      return 'status.cancelled';
    default:
      return status;
  }
}

/** Payment types that finish on a payment page and come back (the order page waits for them). */
export const ONLINE_PAYMENTS = new Set(['stripe', 'test']);
