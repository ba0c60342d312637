import type { ListResponse } from '@bookla/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * HTTP pieces every feature's routes share: id params and the reply envelopes of CONTRACT §2.
 * The envelopes are defined in `@bookla/shared` (clients type their calls from them).
 */
export {
  dataReplySchema as dataReply,
  listReplySchema as listReply,
  successDataSchema as successDataReply,
  successSchema as successReply,
} from '@bookla/shared';

/**
 * A file sent as the reply's body (CSV, XLSX, PDF, an image): binary on the wire. Fastify sends a
 * Buffer, string or stream as it is (no serializer), so the type is what a handler may pass.
 */
export const fileReply = z.string().meta({ format: 'binary' }).describe('The file') as unknown as z.ZodType<
  Buffer | string | NodeJS.ReadableStream
>;

/** A reply without a body (204). */
export const noContentReply = z.null().describe('No content');

/** 304 to a matching If-None-Match: the copy the client (or CDN) holds is current (public reads, CONTRACT §7). */
export const notModifiedReply = z.null().describe('Not modified: the ETag in If-None-Match is current; no body');

/** A redirect (302/303): the Location header says where to. */
export const redirectReply = z.null().describe('Redirects to the page named by the Location header');

/** A database id in a path: a positive 32-bit integer (larger values would overflow the column). */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A list reply (CONTRACT §2): the page's rows with meta and links built from the request URL. */
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
