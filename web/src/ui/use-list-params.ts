import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@tamaq/contract/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParamsOptions {
  limit?: number;
  debounceMs?: number;
}

export type ParamValue = string | number | null | undefined;

export interface ListParams {
  /** What the search box shows, updated on every keystroke. */
  query: string;
  setQuery: (query: string) => void;
  /** The search to send: follows `query` 200 ms after typing stops, kept in the URL. */
  debouncedQuery: string;
  page: number;
  setPage: (page: number) => void;
  offset: number;
  /** `setPage` for the table's `onPageChange(offset)`. */
  setOffset: (offset: number) => void;
  limit: number;
  /** Every search parameter of the URL (filters such as schoolId). */
  params: Record<string, string>;
  /**
   * Sets a filter (null, undefined or '' removes it) and goes back to page 1. Changing several at
   * once? Use `setParams`: one history entry instead of one per call.
   */
  setParam: (name: string, value: ParamValue) => void;
  /** Sets several filters in one URL change; back to page 1 unless `page` is among them. */
  setParams: (values: Record<string, ParamValue>) => void;
}

const QUERY = 'query';
const PAGE = 'page';

/**
 * A list screen's search, page and filters, kept in the URL (docs/product.md: "query parameters ...
 * query, page") so a reload, a shared link or the back button shows the same list.
 */
export function useListParams(opts: ListParamsOptions = {}): ListParams {
  const limit = opts.limit ?? PAGE_SIZE;
  const debounceMs = opts.debounceMs ?? SEARCH_DEBOUNCE_MS;
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get(QUERY) ?? '';
  const page = Math.max(1, Math.trunc(Number(searchParams.get(PAGE))) || 1);

  const [query, setQueryState] = useState(urlQuery);
  // The last value this hook wrote; any other URL value came from outside (back button, a link).
  const written = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery !== written.current) {
      written.current = urlQuery;
      setQueryState(urlQuery);
    }
  }, [urlQuery]);

  // The search and the page reset land in one URL change, so the list is fetched once per search.
  useEffect(() => {
    if (query === written.current) return;
    // Typed here, then a link followed within the debounce (while the next page's code loads, this
    // list stays mounted): the search belongs to this page and must not land on the next one.
    const typedAt = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== typedAt) return;
      written.current = query;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (query) next.set(QUERY, query);
          else next.delete(QUERY);
          next.delete(PAGE);
          return next;
        },
        { replace: true },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs, setSearchParams]);

  // react-router hands a functional update the params of the last render, so a second update in the
  // same handler would undo the first: chain from what this hook wrote until the URL catches up.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);

  const setParams = useCallback(
    (values: Record<string, ParamValue>) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(pending.current ?? prev);
        for (const [name, value] of Object.entries(values)) {
          if (value === null || value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        if (!(PAGE in values)) next.delete(PAGE);
        pending.current = next;
        return next;
      }),
    [setSearchParams],
  );

  const setParam = useCallback((name: string, value: ParamValue) => setParams({ [name]: value }), [setParams]);

  const setPage = useCallback((p: number) => setParams({ [PAGE]: p > 1 ? p : null }), [setParams]);

  const setOffset = useCallback((offset: number) => setPage(Math.floor(offset / limit) + 1), [setPage, limit]);

  const params = useMemo(() => Object.fromEntries(searchParams.entries()), [searchParams]);

  return {
    query,
    setQuery: setQueryState,
    debouncedQuery: urlQuery,
    page,
    setPage,
    offset: (page - 1) * limit,
    setOffset,
    limit,
    params,
    setParam,
    setParams,
  };
}
