import { ORDER_MESSAGES, parseCash } from '@tamaq/contract/orders';
import { formatCost, fromTiyn, toTiyn } from '../../lib/money.ts';

export interface CashState {
  /** The cash to send with the order ('1000.00'), or null when nothing was typed. */
  received: string | null;
  /** Why the cash cannot be taken: not money, or short of the total. */
  error: string | null;
  /** The change to give ('549.40'), when the cash covers the total. */
  change: string | null;
}

/**
 * The cash handed over as typed, against the cart's total in tiyn: the change, or why it cannot be
 * taken. Nothing typed is no cash at all (the order is paid without a change to count).
 */
export function cashState(typed: string, totalTiyn: number | null, currency: string): CashState {
  if (typed.trim() === '') return { received: null, error: null, change: null };
  const parsed = parseCash(typed);
  if ('error' in parsed) return { received: null, error: parsed.error, change: null };
  // No total while a count is wrong: the change waits for it (the order cannot be paid meanwhile).
  if (totalTiyn === null) return { received: parsed.cash, error: null, change: null };
  const received = toTiyn(parsed.cash);
  if (received < totalTiyn)
    return {
      received: parsed.cash,
      error: ORDER_MESSAGES.cashShort(formatCost(fromTiyn(totalTiyn), currency)),
      change: null,
    };
  return { received: parsed.cash, error: null, change: fromTiyn(received - totalTiyn) };
}
