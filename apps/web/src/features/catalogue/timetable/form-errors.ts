import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';

/**
 * A 422 whose paths are the API's (`starts_at`) onto a form whose fields differ (`start`).
 * Paths not in `map` are tried as they are when the form has such a field (`known`).
 * Returns whether any field got a message.
 */
export function applyMappedErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  map: Record<string, Path<T>>,
  known: readonly string[] = [],
): boolean {
  if (!isApiError(error, 422) || !error.errors) return false;
  let applied = false;
  for (const [path, messages] of Object.entries(error.errors)) {
    const target = map[path] ?? (known.includes(path) ? (path as Path<T>) : undefined);
    const message = messages[0];
    if (!target || !message) continue;
    setError(target, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** The first message of a 422 (or the error's own), for a place that is not a field. */
export function firstMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return Object.values(error.errors ?? {}).flat()[0] || error.message || undefined;
}
