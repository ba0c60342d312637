import { AppError } from './app-error.ts';

/** Errors of PostgreSQL worth telling apart (the drivers wrap them: the code may sit on a `cause`). */

/** The constraint a unique index violation names (`''` when the driver gives none), or undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/** A unique index said no (e.g. two requests raced past a check for the same name). */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== undefined;
}

/** The message of a PostgreSQL error with this SQLSTATE (e.g. one a function raised on purpose), or undefined. */
export function sqlStateMessage(err: unknown, sqlState: string): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === sqlState) return message ?? '';
  }
  return undefined;
}

/** Node socket errors of a connection the database (or the network) dropped or refused. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg says when a connection ended under a query, or a client is used after it broke. */
const LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * The database could not be reached, or dropped the connection under this call (restart,
 * failover, `pg_terminate_backend`): SQLSTATE 57P01–57P03 (admin shutdown, crash shutdown,
 * cannot connect now) and class 08 (connection exception), socket errors, and pg's own words for
 * a connection that ended. Nothing of the call was committed (its transaction rolled back with
 * the connection), so it answers 503 and may be tried again (decision 022).
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 8) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.startsWith(m))) return true;
  // A host name with several addresses fails as an AggregateError of one error per address.
  if (Array.isArray(errors) && errors.some((e) => isConnectionError(e, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}

/** Seconds a caller is asked to wait (Retry-After) after the database failed under its call. */
export const DATABASE_RETRY_SECONDS = 5;

/** The 503 a call answers when the database failed under it (`isConnectionError`). */
export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'errors:unavailable', { params: { seconds: DATABASE_RETRY_SECONDS } });
