import { safeRecord } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { prependOnUnsafeRoutes } from './csrf.ts';

/**
 * NUL bytes are refused before any route sees the request. PostgreSQL text cannot hold U+0000
 * (`invalid byte sequence` / `unsupported Unicode escape sequence`), so a NUL that reached a query
 * was a 500 (`/api/content/%00`); filenames, PDFs and mail headers have no use for it either.
 *
 * - The URL (path and query string): `%00` or a raw NUL anywhere → 400 `errors:nul_byte`, in
 *   `onRequest`, before body parsing, sessions or rate limits do any work.
 * - A parsed body (JSON, forms): any string value or key containing U+0000 (JSON's `\u0000`
 *   included) → 422 with the field's path and `validation:nul_byte`. Raw bodies (the payment
 *   provider's webhook, a Buffer) are left to their route: they are verified bytes, not text.
 *
 * Headers need no check here: Node's HTTP parser refuses NUL in them.
 */

const NUL_IN_URL = /%00|\0/;
/** Deeper than any body we accept; past it the walk stops (the schema refuses such bodies anyway). */
const MAX_DEPTH = 64;

/** The dotted path of the first NUL in a parsed body (`customer.firstname`, `answers.12`), or undefined. */
/** A NUL byte in a request's address, raw or percent-encoded. */
export const nulInUrl = (url: string | undefined): boolean => NUL_IN_URL.test(url ?? '');

export function findNul(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || '_' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    // The key itself names no field safely: reported as its parent.
    if (key.includes('\0')) return path.join('.') || '_';
    const found = findNul((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const nulGuardPlugin = fp(async (app: FastifyInstance) => {
  // The address is checked for every request in plugins/request-basics.ts (one hook for the basics);
  // bodies here, on the routes whose methods carry one (registered before the CSRF check, which
  // then goes first: plugins/csrf.ts).
  prependOnUnsafeRoutes(app, 'preValidation', async (request) => {
    const path = findNul(request.body);
    if (path === undefined) return;
    const fields = safeRecord<string[]>();
    fields[path] = ['nul_byte'];
    throw new AppError('VALIDATION_FAILED', 'validation:failed', { fields });
  });
});
