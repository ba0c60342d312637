import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from './i18n';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (delete, refund, ...). */
  danger?: boolean;
}

/**
 * Asks the user to confirm; resolves `true` on confirm, `false` on cancel, Escape or a click
 * outside. Needs the `ModalsProvider` that the back-office layout mounts.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      children: typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
      labels: {
        confirm: options.confirmLabel ?? i18n.t('confirm.confirm'),
        cancel: options.cancelLabel ?? i18n.t('confirm.cancel'),
      },
      confirmProps: options.danger ? { color: 'red' } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      // Runs after onConfirm too; `settled` keeps the first answer.
      onClose: () => settle(false),
    });
  });
}
