import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../i18n/texts.ts';

/** The question asked before unsaved changes are lost. */
export interface UnsavedTexts {
  confirmLeaveTitle: string;
  confirmLeave: string;
  leave: string;
  stay: string;
}

/**
 * Asks before unsaved changes are lost: on leaving the screen, on a change of the address (filters
 * live in the URL, so a filter change is a navigation too) and on closing or reloading the tab. Going
 * to the login page (sign-out, an expired session) is never held back. `release()` lets the next
 * navigation through unasked: a form calls it once its changes are saved, just before it leaves.
 */
export function useUnsavedGuard(dirty: boolean, t: UnsavedTexts = i18n.ui.unsaved): { release: () => void } {
  const { modal } = App.useApp();
  const released = useRef(false);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t.confirmLeaveTitle,
      content: t.confirmLeave,
      okText: t.leave,
      okButtonProps: { danger: true },
      cancelText: t.stay,
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    released.current = false;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return { release };
}
