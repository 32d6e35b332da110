import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../components/confirm-dialog.tsx';
import { useLanguage, withoutLanguage } from '../i18n/language.tsx';

/**
 * Warns before unsaved work is lost: inside the app through React Router's blocker and our dialog,
 * on reload or tab close through beforeunload. Switching language keeps the page (and the form),
 * so it is never blocked. Call `release()` right before navigating away after a successful save.
 */
export function useUnsavedGuard(dirty: boolean): { release: () => void } {
  const { t } = useLanguage();
  const confirm = useConfirm();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      (withoutLanguage(currentLocation.pathname) !== withoutLanguage(nextLocation.pathname) ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    confirm({ title: t.leaveTitle, body: t.leaveBody, confirmLabel: t.leave, cancelLabel: t.stay, danger: true }).then(
      (leave) => {
        if (!live) return;
        if (leave) blocker.proceed();
        else blocker.reset();
      },
    );
    return () => {
      live = false;
    };
  }, [blocker, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    release: () => {
      released.current = true;
    },
  };
}
