import type { ManualSaveResult } from '@tamaq/contract/manual-fixations';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { NO_ERRORS, shownErrors, type ShownErrors } from './server-errors.ts';

const t = i18n.manualFixation;

export interface SaveFlow<B> {
  save: (body: B) => Promise<void>;
  saving: boolean;
  /** The last save's counts, shown until the filters change. */
  saved: ManualSaveResult | null;
  errors: ShownErrors;
}

/**
 * One save of a manual list: sends the marked set, clears the marks once the list has reloaded,
 * tells how many visits were added, removed and changed, or shows the server's refusal (docs/product.md "Errors").
 * Both outcomes belong to the filters they were made under.
 */
export function useSaveFlow<B>(
  scope: string,
  send: (body: B) => Promise<ManualSaveResult>,
  fieldNames: readonly string[],
  onSaved: () => void,
): SaveFlow<B> {
  const { message } = App.useApp();
  const [state, setState] = useState<{ scope: string; saved: ManualSaveResult | null; errors: ShownErrors }>({
    scope,
    saved: null,
    errors: NO_ERRORS,
  });
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const save = useCallback(
    async (body: B) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      try {
        const result = await send(body);
        onSaved();
        setState({ scope, saved: result, errors: NO_ERRORS });
        void message.success(t.saved(result));
      } catch (err) {
        setState({ scope, saved: null, errors: shownErrors(err, fieldNames) });
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [scope, send, fieldNames, onSaved, message],
  );

  const current = state.scope === scope;
  return {
    save,
    saving,
    saved: current ? state.saved : null,
    errors: current ? state.errors : NO_ERRORS,
  };
}
