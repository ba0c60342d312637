/**
 * The spec's payment-status labels (§4), in a file without zod so the shop's small bundle can use
 * them (re-exported from selling.ts): `paid` only with `paid_at`, `waiting` and paid-without-date are
 * "Unpaid", cancelled/expired/error are all "Cancelled"; anything else as is. Returns the key of
 * the label in the `orders` namespace (`status.paid` …) or the raw value.
 */
export function paymentStatusLabelKey(status: string, paidAt: string | null | undefined): string {
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
