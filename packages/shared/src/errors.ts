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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Body of every error reply (CONTRACT §2). `errors` only on 422. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  success?: false;
  [extra: string]: unknown;
}
