import { notifications } from '@mantine/notifications';
import { apiErrorMessage } from './api-client';
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
  // A 422 for a field the screen does not show (e.g. `require_2fa`): its field message says more.
  notifications.show({ color: 'red', message: apiErrorMessage(error) ?? i18n.t('backend:errors.save') });
}
