import { z } from 'zod';
import { encodeMessage } from './validation.ts';

/**
 * User-chosen keys (query strings, JSON bodies, answers maps, translations, settings) must never
 * reach `Object.prototype`: `obj['__proto__'] = x` replaces an object's prototype, and
 * `obj.constructor.prototype` is `Object.prototype` itself. So every object that gets keys from
 * input is built with a null prototype (`safeRecord`, `fromEntriesSafe`) and these three keys are
 * refused at every level (see docs/decisions on input keys).
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a user-chosen key may be used as an object key. */
export function isSafeKey(key: PropertyKey): boolean {
  return typeof key !== 'string' || !UNSAFE_KEYS.has(key);
}

/** An empty object without a prototype: no inherited members to read, no prototype to write. */
export function safeRecord<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `Object.fromEntries` into a null-prototype object, dropping unsafe keys. */
export function fromEntriesSafe<T>(entries: Iterable<readonly [PropertyKey, T]>): Record<string, T> {
  const out = safeRecord<T>();
  for (const [key, value] of entries) if (isSafeKey(key)) out[String(key)] = value;
  return out;
}

/** An own property of an input object (never an inherited one), or undefined. */
export function ownValue(obj: unknown, key: PropertyKey): unknown {
  return obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<PropertyKey, unknown>)[key] : undefined;
}

/**
 * `z.record` for request input: a key `__proto__`, `constructor` or `prototype` is a validation
 * error (422) instead of being kept (zod keeps `constructor`) or silently dropped (zod drops
 * `__proto__`); the output has a null prototype.
 */
export function safeRecordSchema<V extends z.ZodType>(valueSchema: V) {
  return z
    .preprocess(
      (raw, ctx) => {
        const bad = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw).filter((k) => !isSafeKey(k)) : [];
        if (bad.length) ctx.addIssue({ code: 'custom', input: raw, message: encodeMessage('unrecognized_keys', { keys: bad.join(', ') }) });
        return raw;
      },
      z.record(z.string(), valueSchema),
    )
    .transform((value) => fromEntriesSafe(Object.entries(value)) as Record<string, z.output<V>>);
}
