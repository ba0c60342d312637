import { z } from 'zod';

/** Small schema pieces the team routes share. */

/** A database id in a path: a positive 32-bit integer (larger values would overflow the column). */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const successReply = z.object({ success: z.literal(true), message: z.string() });

export const dataReply = <T extends z.ZodType>(data: T) => z.object({ data });

export const successDataReply = <T extends z.ZodType>(data: T) => successReply.extend({ data });
