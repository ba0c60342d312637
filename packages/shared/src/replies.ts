import { z } from 'zod';

/**
 * The reply envelopes of CONTRACT §2, shared so the server serializes (and documents) its
 * replies with them and clients type their calls from them.
 */

/** `{success: true, message}`: a change was saved (message in the request's language). */
export const successSchema = z.object({ success: z.literal(true), message: z.string() });
export type Success = z.infer<typeof successSchema>;

/** `{success: true}` without a message: logout, a language change, a permission granted. */
export const okReplySchema = z.object({ success: z.literal(true) });
export type OkReply = z.infer<typeof okReplySchema>;

/** `{data}`: one record or a plain array. */
export const dataReplySchema = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{success: true, message, data}`: a change was saved and this is the record now. */
export const successDataSchema = <T extends z.ZodType>(data: T) => successSchema.extend({ data });

export const listMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
});

export const listLinksSchema = z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() });

/** A page of a list: `{data, meta, links}` (CONTRACT §2); the type is `ListResponse<T>`. */
export const listReplySchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema, links: listLinksSchema });

/**
 * The body of every error reply as documented (OpenAPI) and checked when the server sends it:
 * `message` always, `errors` on 422, `code` where a client branches; other members (e.g. the
 * conflicts of a refused session move) pass through.
 */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  success: z.literal(false).optional(),
  code: z.string().optional(),
});
