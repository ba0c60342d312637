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
