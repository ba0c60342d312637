/** Error codes shared by server and clients, and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CSRF_MISMATCH: 419,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  BAD_REQUEST: 400,
  INTERNAL: 500,
  // Checkout: the payment provider could not start the payment (the order is ended, nothing is charged).
  BAD_GATEWAY: 502,
  // Busy (e.g. every PDF worker taken and its queue full): try again after Retry-After seconds.
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The `code` member of error replies a client branches on (beside the HTTP status):
 * `NO_COMPANY` (409, the session has no current company), `TWO_FACTOR_REQUIRED` (403, the
 * company requires 2FA and the user has none yet), `SOLD_OUT` / `OFF_SALE` (409, a reservation
 * refused: not enough seats left, or the ticket is not on sale).
 */
export const ErrorCodes = {
  NO_COMPANY: 'NO_COMPANY',
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  SOLD_OUT: 'SOLD_OUT',
  OFF_SALE: 'OFF_SALE',
  // Selling, check-in (422 with the ticket in the body): the order is not paid / is cancelled, refunded or expired.
  TICKET_UNPAID: 'TICKET_UNPAID',
  TICKET_CANCELLED: 'TICKET_CANCELLED',
  // Checkout (409): the reservation behind the order ran out (its seats may be gone); 502: the payment could not be started.
  ORDER_EXPIRED: 'ORDER_EXPIRED',
  // Order links (403): the link may show the order but no longer change it; a fresh link is mailed on request.
  LINK_STALE: 'LINK_STALE',
  // Checkout (409): the visitor already holds the activity's limit of unpaid seats (reservations, unpaid orders).
  HOLD_LIMIT: 'HOLD_LIMIT',
  PAYMENT_UNAVAILABLE: 'PAYMENT_UNAVAILABLE',
  // Public checkout (409, Retry-After): a call with this Idempotency-Key is still running; repeat it to get its reply.
  IDEMPOTENCY_IN_PROGRESS: 'IDEMPOTENCY_IN_PROGRESS',
} as const;

export type ClientErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Body of every error reply (CONTRACT §2). `errors` only on 422. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  success?: false;
  /** Set where a client branches on the reason (see `ErrorCodes`). */
  code?: ClientErrorCode;
  [extra: string]: unknown;
}
