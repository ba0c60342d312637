import { z } from 'zod';
import { MULTI_LINE, SINGLE_LINE } from './text-rules.ts';

/**
 * Shared schemas carry no English. A global zod error map turns every issue into a
 * message of the form `key` or `key|{"param":1}`; the server translates it per request
 * and the browser per UI language (both with the `validation` namespace).
 */
export function encodeMessage(key: string, params?: Record<string, unknown>): string {
  return params && Object.keys(params).length ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: string; params: Record<string, unknown> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) as Record<string, unknown> };
  } catch {
    return { key: message, params: {} };
  }
}

type Issue = z.core.$ZodRawIssue;

function originOf(issue: Issue): string {
  const origin = (issue as { origin?: string }).origin;
  if (origin === 'string' || origin === 'array' || origin === 'set') return origin === 'set' ? 'array' : origin;
  return 'number';
}

export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? 'required'
        : encodeMessage('invalid_type', { expected: issue.expected });
    case 'too_small': {
      const origin = originOf(issue);
      const min = Number(issue.minimum);
      if (origin === 'string' && min === 1) return 'required';
      if (origin === 'array' && min === 1) return 'required';
      return encodeMessage(`min_${origin}`, { min });
    }
    case 'too_big':
      return encodeMessage(`max_${originOf(issue)}`, { max: Number(issue.maximum) });
    case 'invalid_format': {
      const format = (issue as { format?: string }).format;
      if (format === 'email') return 'email';
      if (format === 'url') return 'url';
      if (format === 'date' || format === 'datetime') return 'date';
      return 'format';
    }
    case 'invalid_value':
      return 'invalid_value';
    case 'unrecognized_keys':
      return encodeMessage('unrecognized_keys', { keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return encodeMessage('not_multiple_of', { divisor: Number(issue.divisor) });
    case 'custom':
      return issue.message ?? 'invalid';
    default:
      return 'invalid';
  }
}

let installed = false;
/** Installs the global error map once; both server and web call this at start. */
export function installValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({
    customError: (issue) => {
      // A message given explicitly in a schema (`{ message: 'password_mismatch' }`) wins.
      if (issue.code === 'custom' && issue.message) return issue.message;
      return validationMessage(issue);
    },
  });
}

/** Dotted field path as in the payload (`user.email`, `name.de`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

export { MULTI_LINE, SINGLE_LINE };

/** `singleLine(z.string().trim().max(100))`: the same schema, refusing control characters (422 `single_line`). */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema.regex(SINGLE_LINE, { message: 'single_line' }) as T;
}

/** A multi-line text (descriptions, notes): line breaks and tabs allowed, other control characters refused (422 `control_chars`). */
export function multiLine<T extends z.ZodString>(schema: T): T {
  return schema.regex(MULTI_LINE, { message: 'control_chars' }) as T;
}
