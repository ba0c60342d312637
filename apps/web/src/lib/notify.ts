import { notifications } from '@mantine/notifications';
import { isApiError } from './api-client';
import { i18n } from './i18n';

/** Toasts of the back office (spec §2: bottom right, 5000 ms, set on the layout's container). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

/**
 * A failed call the user started: the server's message (already in the UI language) when it
 * sent one, else a general one. Always logged, as spec §8 asks for failed calls.
 */
export function notifyError(error: unknown): void {
  console.error(error);
  let serverMessage = '';
  if (isApiError(error) && error.status < 500) {
    // A 422 for a field the screen does not show (e.g. `require_2fa`): its message says more.
    const fieldMessage = Object.values(error.errors ?? {}).flat()[0];
    serverMessage = fieldMessage ?? (/^HTTP \d+$/.test(error.message) ? '' : error.message);
  }
  notifications.show({ color: 'red', message: serverMessage || i18n.t('backend:errors.save') });
}
