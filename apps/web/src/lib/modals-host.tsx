import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsHostMounted } from './confirm';

/**
 * Mantine's ModalsProvider, where confirm() dialogs open (lib/confirm.tsx). A chunk of its own: the
 * back-office layout mounts it after its first screen (issue 21 item 6). Its listeners are in place
 * (layout effects) before this component's effect tells confirm() that dialogs can open.
 */
export function ModalsHost() {
  useEffect(() => modalsHostMounted(), []);
  return <ModalsProvider />;
}
