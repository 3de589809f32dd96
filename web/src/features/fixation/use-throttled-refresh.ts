import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `refresh` at once, then at most once per `ms`: a busy lunch brings a live message every few
 * hundred milliseconds, and each one must not restart the list's request before it can answer.
 * A call inside the window is not lost: one trailing refresh follows when the window ends.
 */
export function useThrottledRefresh(refresh: () => void, ms = 1000): () => void {
  const latest = useRef(refresh);
  const last = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const run = () => {
      timer.current = null;
      last.current = Date.now();
      latest.current();
    };
    const wait = last.current + ms - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [ms]);
}

/**
 * Reloads the lists under these keys with what the server holds now. A list still waiting for its
 * first answer would otherwise keep that request, asked before the change, and show its answer (a
 * scan made as the screen opened missing from the history until the next scan): its request is
 * cancelled and asked again.
 */
export function reloadNow(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys)
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}
