import type { CashboxDish } from '@tamaq/contract/orders';
import { ORDER_COUNT_MAX } from '@tamaq/contract/orders';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toTiyn } from '../../lib/money.ts';
import { newRequestKey } from '../../lib/request-key.ts';

export interface CartLine {
  id: number;
  name: string;
  cost: string;
  count: number;
}

/** A line whose price changed since it went into the cart. */
export interface PriceChange {
  name: string;
  from: string;
  to: string;
}

interface CartState {
  lines: CartLine[];
  /** The line the +/− keys change: the one added or changed last. */
  current: number | null;
  /** The Idempotency-Key of this cart's order: kept across retries and reloads, new once it changes. */
  key: string | null;
}

const EMPTY: CartState = { lines: [], current: null, key: null };

const isLine = (v: unknown): v is CartLine => {
  const l = v as CartLine;
  return (
    typeof l === 'object' &&
    l !== null &&
    Number.isInteger(l.id) &&
    typeof l.name === 'string' &&
    typeof l.cost === 'string' &&
    Number.isInteger(l.count) &&
    l.count >= 1 &&
    l.count <= ORDER_COUNT_MAX
  );
};

function load(storageKey: string | null): CartState {
  if (!storageKey) return EMPTY;
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<CartState> | null;
    const lines = Array.isArray(raw?.lines) ? raw.lines.filter(isLine) : [];
    const current = typeof raw?.current === 'number' && lines.some((l) => l.id === raw.current) ? raw.current : null;
    return { lines, current, key: lines.length > 0 && typeof raw?.key === 'string' ? raw.key : null };
  } catch {
    return EMPTY;
  }
}

/**
 * The cashbox's cart, kept in this browser for the user and school (a reload or a closed tab keeps
 * it until the order is placed or cleared). Counts are 1–1000: more is refused, never cut down, and a
 * count typed wrong stays as typed until corrected; the sum is in tiyn, exact.
 */
export function useCart(storageKey: string | null) {
  const [state, setState] = useState<{ storageKey: string | null; cart: CartState }>(() => ({
    storageKey,
    cart: load(storageKey),
  }));
  // Another school or user: that one's cart.
  const cart = state.storageKey === storageKey ? state.cart : load(storageKey);
  if (state.storageKey !== storageKey) setState({ storageKey, cart });

  useEffect(() => {
    if (!storageKey) return;
    try {
      if (cart.lines.length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(cart));
    } catch {
      /* private mode or a full disk: the cart lives as long as the page */
    }
  }, [storageKey, cart]);

  const update = useCallback(
    (change: (c: CartState) => CartState) =>
      setState((s) => {
        const next = change(s.cart);
        // A changed cart is another order: it gets a new key when it is paid.
        return { ...s, cart: next.lines === s.cart.lines ? next : { ...next, key: null } };
      }),
    [],
  );

  /** Counts typed that are not a whole number 1–1000, by line: shown as typed, and the cart is not paid. */
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  const setDraft = useCallback(
    (id: number, text: string | null) =>
      setDrafts((d) => {
        if (text === null ? !d.has(id) : d.get(id) === text) return d;
        const next = new Map(d);
        if (text === null) next.delete(id);
        else next.set(id, text);
        return next;
      }),
    [],
  );
  // A line gone (removed, paid, cleared) has no draft left.
  const liveDrafts = useMemo(() => {
    const ids = new Set(cart.lines.map((l) => l.id));
    return [...drafts.keys()].every((id) => ids.has(id)) ? drafts : new Map([...drafts].filter(([id]) => ids.has(id)));
  }, [drafts, cart.lines]);

  /** Whether one more of this dish fits in its line (at most 1000). */
  const fits = useCallback(
    (id: number, delta = 1) => (cart.lines.find((l) => l.id === id)?.count ?? 0) + delta <= ORDER_COUNT_MAX,
    [cart.lines],
  );

  /** Changes a line's count by `delta`; false, changing nothing, when it would pass 1000. */
  const change = useCallback(
    (id: number, delta: number): boolean => {
      if (!fits(id, delta)) return false;
      setDraft(id, null);
      update((c) => {
        const line = c.lines.find((l) => l.id === id);
        if (!line) return c;
        const count = Math.min(ORDER_COUNT_MAX, line.count + delta);
        const lines =
          count < 1 ? c.lines.filter((l) => l.id !== id) : c.lines.map((l) => (l.id === id ? { ...l, count } : l));
        return { ...c, lines, current: count < 1 ? (lines.at(-1)?.id ?? null) : id };
      });
      return true;
    },
    [update, fits, setDraft],
  );

  /** Adds one of the dish; false, changing nothing, when its line already holds 1000. */
  const add = useCallback(
    (dish: Pick<CashboxDish, 'id' | 'name' | 'cost'>): boolean => {
      if (!fits(dish.id)) return false;
      setDraft(dish.id, null);
      update((c) =>
        c.lines.some((l) => l.id === dish.id)
          ? {
              ...c,
              current: dish.id,
              lines: c.lines.map((l) =>
                l.id === dish.id ? { ...l, count: Math.min(ORDER_COUNT_MAX, l.count + 1) } : l,
              ),
            }
          : {
              ...c,
              current: dish.id,
              lines: [...c.lines, { id: dish.id, name: dish.name, cost: dish.cost, count: 1 }],
            },
      );
      return true;
    },
    [update, fits, setDraft],
  );

  /**
   * A count typed into a line: a whole number 1–1000 becomes its count; anything else stays as typed
   * (a draft the panel shows as wrong) and the line keeps its last good count until it is corrected.
   */
  const typeCount = useCallback(
    (id: number, text: string) => {
      const trimmed = text.trim();
      const n = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : NaN;
      if (!(n >= 1 && n <= ORDER_COUNT_MAX)) {
        setDraft(id, text);
        return;
      }
      setDraft(id, null);
      update((c) => ({ ...c, current: id, lines: c.lines.map((l) => (l.id === id ? { ...l, count: n } : l)) }));
    },
    [update, setDraft],
  );

  /**
   * The prices now (the board, or the server's answer to an order at old prices): every line of one
   * of these dishes takes its price and name. Answers the price changes, for the cashier to see.
   */
  const reprice = useCallback(
    (prices: readonly Pick<CashboxDish, 'id' | 'name' | 'cost'>[]): PriceChange[] => {
      const now = new Map(prices.map((p) => [p.id, p]));
      const stale = (l: CartLine) => {
        const p = now.get(l.id);
        return p !== undefined && (toTiyn(p.cost) !== toTiyn(l.cost) || p.name !== l.name);
      };
      if (!cart.lines.some(stale)) return [];
      const changes = cart.lines
        .filter((l) => stale(l) && toTiyn(now.get(l.id)!.cost) !== toTiyn(l.cost))
        .map((l) => ({ name: now.get(l.id)!.name, from: l.cost, to: now.get(l.id)!.cost }));
      update((c) => ({
        ...c,
        lines: c.lines.map((l) => {
          const p = now.get(l.id);
          return p ? { ...l, name: p.name, cost: p.cost } : l;
        }),
      }));
      return changes;
    },
    [cart.lines, update],
  );

  const remove = useCallback(
    (id: number) => {
      setDraft(id, null);
      update((c) => {
        const lines = c.lines.filter((l) => l.id !== id);
        return lines.length === c.lines.length ? c : { ...c, lines, current: lines.at(-1)?.id ?? null };
      });
    },
    [update, setDraft],
  );
  /** Takes these dishes out (no longer sold), the rest stays. */
  const removeDishes = useCallback(
    (ids: readonly number[]) =>
      update((c) => {
        const lines = c.lines.filter((l) => !ids.includes(l.id));
        return lines.length === c.lines.length
          ? c
          : { ...c, lines, current: lines.some((l) => l.id === c.current) ? c.current : (lines.at(-1)?.id ?? null) };
      }),
    [update],
  );
  const clear = useCallback(() => setState((s) => ({ ...s, cart: EMPTY })), []);

  /** The key of this cart's order, made on the first try and kept for the retries. */
  const requestKey = useCallback((): string => {
    let key = cart.key;
    if (!key) {
      key = newRequestKey();
      const made = key;
      setState((s) => ({ ...s, cart: { ...s.cart, key: made } }));
    }
    return key;
  }, [cart.key]);

  /**
   * A line's count as its field shows it: a count typed over 1000 is counted as typed (the totals
   * never disagree with the field; the order is refused until it is corrected), and a field that holds
   * no whole number has none (null: the sums show a dash).
   */
  const lineCount = useCallback(
    (id: number): number | null => {
      const draft = liveDrafts.get(id);
      if (draft === undefined) return cart.lines.find((l) => l.id === id)?.count ?? null;
      const trimmed = draft.trim();
      return /^\d{1,6}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null;
    },
    [liveDrafts, cart.lines],
  );
  const counts = cart.lines.map((l) => lineCount(l.id));
  const known = counts.every((n) => n !== null);
  const total = known ? cart.lines.reduce((sum, l, i) => sum + toTiyn(l.cost) * counts[i]!, 0) : null;
  const count = known ? counts.reduce<number>((sum, n) => sum + n!, 0) : null;
  /** Some field holds a whole number over 1000 (said as the limit, not as a wrong number). */
  const overLimit = counts.some((n) => n !== null && n > ORDER_COUNT_MAX);

  return {
    lines: cart.lines,
    current: cart.current,
    total,
    count,
    lineCount,
    overLimit,
    add,
    change,
    typeCount,
    drafts: liveDrafts,
    remove,
    removeDishes,
    clear,
    requestKey,
    reprice,
  };
}
