import deValidation from '@bookla/shared/locales/de/validation.json';
import enValidation from '@bookla/shared/locales/en/validation.json';
import frValidation from '@bookla/shared/locales/fr/validation.json';
import { decodeMessage, installValidationMessages } from '@bookla/shared/validation';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { addNamespace, i18n } from './i18n';

// Installed here rather than at boot: zod (and this error map) only loads with pages that have forms,
// and so do the messages' texts (issue 21 item 6: not on the back office's first screen).
installValidationMessages();
addNamespace('validation', { de: deValidation, en: enValidation, fr: frValidation });

export interface ApplyApiErrorOptions {
  /** When given, only these field paths are set; others are left for a general alert. */
  fields?: readonly string[];
}

/**
 * Puts a 422's `errors` (dotted paths such as `user.email`, `name.de`) onto react-hook-form
 * fields. The server's messages are already in the request language. Returns whether any field
 * got an error, so the caller can fall back to showing `error.message` in an alert.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: ApplyApiErrorOptions = {},
): boolean {
  if (!isApiError(error, 422) || !error.errors) return false;
  let applied = false;
  for (const [path, messages] of Object.entries(error.errors)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message || (options.fields && !options.fields.includes(path))) continue;
    // Focus goes to the first field in error, like a client-side validation failure.
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Client-side zod messages are keys (`min_string|{"min":8}`, see @bookla/shared/validation);
 * this turns them into the UI language. Text that is not a known key (e.g. a server message)
 * is returned unchanged.
 */
export function translateValidation(message: string | undefined | null): string {
  if (!message) return '';
  const { key, params } = decodeMessage(message);
  if (!i18n.exists(key, { ns: 'validation' })) return message;
  return i18n.t(key as 'required', { ns: 'validation', ...params });
}
