import type { ManualRow } from '@tamaq/contract/manual-fixations';
import { useCallback, useMemo, useState } from 'react';
import { dirtyCount, selectAllState, setValue, toggleAll, type Edits, type MarkMode } from './marks.ts';

const NONE: Edits = new Map();

export interface Marks {
  edits: Edits;
  dirty: number;
  all: ReturnType<typeof selectAllState>;
  set: (id: number, value: number) => void;
  toggleAll: () => void;
  clear: () => void;
}

/**
 * The unsaved marks of one list. They belong to the filters they were made under (`scope`): another
 * class, category or date starts clean, and so does the same list once it has been saved.
 */
export function useMarks(scope: string, rows: readonly ManualRow[] | undefined, mode: MarkMode): Marks {
  const [state, setState] = useState<{ scope: string; edits: Edits }>({ scope, edits: NONE });
  const edits = state.scope === scope ? state.edits : NONE;
  const list = useMemo(() => rows ?? [], [rows]);
  const { counts } = mode;

  const update = useCallback(
    (change: (edits: Edits) => Edits) =>
      setState((prev) => ({ scope, edits: change(prev.scope === scope ? prev.edits : NONE) })),
    [scope],
  );
  const set = useCallback(
    (id: number, value: number) => update((e) => setValue(list, e, id, value, { counts })),
    [update, list, counts],
  );
  const all = useCallback(() => update((e) => toggleAll(list, e, { counts })), [update, list, counts]);
  const clear = useCallback(() => setState({ scope, edits: NONE }), [scope]);

  return {
    edits,
    dirty: useMemo(() => dirtyCount(list, edits, { counts }), [list, edits, counts]),
    all: useMemo(() => selectAllState(list, edits, { counts }), [list, edits, counts]),
    set,
    toggleAll: all,
    clear,
  };
}
