import { useCallback, useEffect, useRef } from 'react';

/**
 * The field a dialog starts in. antd's dialog, once open, locks the focus inside itself and moves it
 * to its first control (the close cross) unless it is already inside: a field's `autoFocus` comes
 * while the dialog is still hidden and is lost. Give the field the ref and the dialog the callback
 * as `afterOpenChange`: the focus goes to the field once the dialog is shown.
 */
export function useDialogField<T extends { focus: () => void }>() {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.focus();
  }, []);
  return [ref, afterOpenChange] as const;
}

/**
 * The focus back where it was when a dialog that is taken away, not closed, has gone (one rendered
 * only while `shown`: antd gives the focus back only from a dialog it closes itself). Call
 * `remember` as the dialog is asked for (in the click); the focus goes back once it is gone, after
 * its focus lock has let go (a focus given back sooner is pulled into the dialog still there).
 */
export function useReturnFocus(shown: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (shown) return;
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
  }, [shown]);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  return { remember };
}
