import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { lazy, type ReactNode } from 'react';
import { i18n } from './i18n';

/** Resolves once a lazily loaded ModalsHost is mounted; resolved from the start where none is used. */
let hostReady: Promise<void> = Promise.resolve();
let hostMounted: (() => void) | undefined;

/** Called by ModalsHost (lib/modals-host.tsx) once its provider listens. */
export function modalsHostMounted(): void {
  hostMounted?.();
}

/**
 * Where confirm() dialogs open, for the back-office layout: Mantine's ModalsProvider (with its Modal,
 * scroll area and floating-ui) in a chunk of its own, loaded after the first screen (issue 21 item 6).
 * A confirm() asked before it is there waits for it. Tests may mount ModalsProvider themselves.
 */
export const ModalsHost = lazy(async () => {
  hostReady = new Promise((resolve) => {
    hostMounted = resolve;
  });
  return { default: (await import('./modals-host')).ModalsHost };
});

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
 * outside. Needs the `ModalsHost` that the back-office layout mounts (or a `ModalsProvider`).
 */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  await hostReady;
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
