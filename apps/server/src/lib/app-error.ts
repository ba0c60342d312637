import { ERROR_STATUS, type ErrorCode } from '@bookla/shared';

/**
 * The one error type of the server. `messageKey` is a translation key (`errors:not_found`,
 * `auth:login_failed`); the error handler translates it into the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    /** Field errors for 422: dotted path → translation keys (or encoded validation messages). */
    readonly fields?: Record<string, string[]>,
    /** Extra members merged into the reply body (e.g. `success: false`, `need_verification`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'errors:not_found');
export const forbidden = () => new AppError('FORBIDDEN', 'errors:forbidden');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'errors:unauthenticated');

/** A 422 with one or more field errors, e.g. `validationError({ 'user.email': ['auth:email_taken'] })`. */
export function validationError(fields: Record<string, string[]>, extra?: Record<string, unknown>): AppError {
  return new AppError('VALIDATION_FAILED', 'validation:failed', {}, fields, extra);
}
