import { z } from 'zod';
import { singleLine } from './validation.ts';

/**
 * API tokens of a team (CONTRACT §8): what the back office lists and sends. The secret itself
 * appears once, in the reply of `POST /api/tokens`; lists show its prefix and last four characters.
 */
export const API_TOKEN_SCOPES = ['read', 'orders', 'catalogue'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'bkl_';
export const API_TOKEN_NAME_MAX = 100;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** `bkl_…abcd`: enough to recognise a token, never enough to use it. */
  hint: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_from: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreateSchema = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(API_TOKEN_NAME_MAX)),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'duplicate' }),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** `201 {"id", "token"}`: the only time the secret is shown. */
export const apiTokenCreatedSchema = z.object({ id: z.number(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
