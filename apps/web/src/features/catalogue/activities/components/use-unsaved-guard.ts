import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../../../lib/confirm';
import { i18n } from '../../../../lib/i18n';

/**
 * While a form has unsaved changes: leaving the page in the app asks first (another tab, another
 * screen), and closing or reloading the browser tab triggers the browser's own warning.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: i18n.t('activities:unsaved.title'),
      message: i18n.t('activities:unsaved.text'),
      confirmLabel: i18n.t('activities:unsaved.leave'),
      cancelLabel: i18n.t('activities:unsaved.stay'),
      danger: true,
    }).then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
