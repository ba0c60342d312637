import { z } from 'zod';
import { fromEntriesSafe, isSafeKey, ownValue, safeRecord } from './safe-keys.ts';

export const MAX_PER_PAGE = 100;

export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
  links: { first: string; last: string; prev: string | null; next: string | null };
}

/** Lenient numbers: malformed values fall back to defaults instead of failing (CONTRACT §2). */
const lenientInt = (fallback: number, min: number, max: number) =>
  z.unknown().transform((v) => {
    const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN;
    if (!Number.isFinite(n)) return fallback;
    return Math.min(max, Math.max(min, Math.trunc(n)));
  });

export function listQuerySchema<F extends string>(sortFields: readonly [F, ...F[]], defaultSort: F, defaultPerPage = 10) {
  return z.preprocess(
    normalizeListQuery,
    z.object({
      page: lenientInt(1, 1, 1_000_000),
      perPage: lenientInt(defaultPerPage, 1, MAX_PER_PAGE),
      sort: z.unknown().transform((v) => {
        const o = { field: ownValue(v, 'field'), type: ownValue(v, 'type') };
        const field = (sortFields as readonly string[]).includes(String(o.field)) ? (o.field as F) : defaultSort;
        const type: 'asc' | 'desc' = o.type === 'asc' ? 'asc' : 'desc';
        return { field, type };
      }),
      columnFilters: z
        .unknown()
        .transform((v) =>
          fromEntriesSafe(
            v && typeof v === 'object' && !Array.isArray(v)
              ? Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
              : [],
          ),
        ) as unknown as z.ZodType<Record<string, string>>,
    }),
  );
}

/**
 * A raw query string object → the shape `listQuerySchema` reads: bracket keys as sent by the
 * client (`sort[field]`, `columnFilters[name]`) nested, and every list key present (`null` when
 * missing, which the lenient fields turn into their defaults).
 *
 * Keys are the client's choice, so every object here has a null prototype and the keys
 * `__proto__`, `constructor` and `prototype` are dropped at every level (see safe-keys.ts):
 * `?__proto__[status]=x` must not write `Object.prototype.status`.
 */
export function normalizeListQuery(raw: unknown): Record<string, unknown> {
  const out = safeRecord();
  out.page = null;
  out.perPage = null;
  out.sort = null;
  out.columnFilters = null;
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = /^([A-Za-z_]+)\[([A-Za-z0-9_.]*)\]$/.exec(key);
    if (!m) {
      if (isSafeKey(key)) out[key] = value;
      continue;
    }
    const [, outer, inner] = m as unknown as [string, string, string];
    if (!isSafeKey(outer) || !isSafeKey(inner)) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (inner === '') out[outer] = Array.isArray(value) ? value : [value];
    else {
      const current = out[outer];
      const target = isSafeRecord(current) ? current : safeRecord();
      target[inner] = first;
      out[outer] = target;
    }
  }
  return out;
}

/** A nested object this function built itself (never one taken from the input). */
function isSafeRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === null;
}
