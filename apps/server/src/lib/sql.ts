import type { ListResponse } from '@bookla/shared';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** CONTRACT §2 list replies: meta and links for a page of rows. */

export const listReply = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      total: z.number(),
    }),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
  });

export function toList<T>(request: FastifyRequest, data: T[], total: number, page: number, perPage: number): ListResponse<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const url = new URL(request.url, request.server.deps.config.appUrl);
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    return url.toString();
  };
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, from, to: from === null ? null : from + data.length - 1, total },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}

/** `%`, `_` and `\` in a search text match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A translated jsonb column read with the contract's fallback (language, en, first present). */
export function pickedText(column: SQLWrapper, lang: string | Placeholder): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${lang}, ''), nullif(${column}->>'en', ''), nullif(${column}->>'de', ''), nullif(${column}->>'fr', ''), '')`;
}
