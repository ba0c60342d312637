import { safeRecord } from '@bookla/shared';
import { z } from 'zod';
import { validationError, type AppError } from './app-error.ts';

/**
 * One 422 with every field error (issue 9, item 5). A route that also checks things only the
 * server knows (uniqueness, reference data, VAT ID) takes its body with `attachValidation`;
 * when the shape check fails, the server's checks still run on the fields that did parse, and
 * both sets of errors answer together, so a user does not fix a form in rounds.
 */

type Fields = Record<string, string[]>;

/** Zod issues → dotted field paths and message keys, as the error handler writes them. */
export function issueFields(error: Pick<z.ZodError, 'issues'>, fields: Fields = safeRecord<string[]>()): Fields {
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '_';
    (fields[path] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Each field of an object schema parsed on its own (nested objects field by field too): the
 * parts of a partly valid body that can be trusted. Only the schema's keys are read, and only
 * as own properties of the input.
 */
export function parseEachField(schema: z.ZodType, raw: unknown): unknown {
  if (!(schema instanceof z.ZodObject)) {
    const result = schema.safeParse(raw);
    return result.success ? result.data : undefined;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = parseEachField(field, Object.hasOwn(raw, key) ? (raw as Record<string, unknown>)[key] : undefined);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Partial input: what `parseEachField` gives back for a schema's output type. */
export type DeepPartial<T> = T extends unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Drops the fields the shape check refused, also those that parse alone but fail a rule of their
 * object (a German postal code's length, a password containing the e-mail address).
 */
function withoutRefused(value: Record<string, unknown>, refused: string[], prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix + key;
    if (isPlainObject(v)) out[key] = withoutRefused(v, refused, `${path}.`);
    else if (!refused.some((p) => p === path || p.startsWith(`${path}.`))) out[key] = v;
  }
  return out;
}

/**
 * The 422 for a body that failed `schema`: its shape errors merged with `serverChecks` run on
 * the fields that parsed and passed (a check is skipped only when its own field is refused).
 */
export async function mergedValidationError<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  serverChecks: (partial: DeepPartial<z.output<S>>) => Promise<Fields>,
): Promise<AppError> {
  const parsed = schema.safeParse(raw);
  const fields = parsed.success ? safeRecord<string[]>() : issueFields(parsed.error);
  const each = parseEachField(schema, raw);
  const partial = (isPlainObject(each) ? withoutRefused(each, Object.keys(fields)) : {}) as DeepPartial<z.output<S>>;
  for (const [path, keys] of Object.entries(await serverChecks(partial))) {
    for (const key of keys) if (!fields[path]?.includes(key)) (fields[path] ??= []).push(key);
  }
  return validationError(fields);
}
