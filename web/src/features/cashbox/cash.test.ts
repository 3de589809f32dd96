import { ORDER_MESSAGES } from '@tamaq/contract/orders';
import { describe, expect, it } from 'vitest';
import { cashState } from './cash.ts';

describe('cashState', () => {
  it('counts the change exactly from the cash as typed', () => {
    expect(cashState('1 000', 45060, 'тг.')).toEqual({ received: '1000.00', error: null, change: '549.40' });
    expect(cashState('450,6', 45060, 'тг.')).toEqual({ received: '450.60', error: null, change: '0.00' });
    expect(cashState('  ', 45060, 'тг.')).toEqual({ received: null, error: null, change: null });
  });

  it('refuses cash short of the total or not money, never rounding it', () => {
    expect(cashState('450.59', 45060, 'тг.').error).toBe('Получено меньше суммы заказа (450,60\u00a0тг.)');
    expect(cashState('100.555', 100, 'тг.').error).toBe(ORDER_MESSAGES.cash);
    expect(cashState('-5', 100, 'тг.').error).toBe(ORDER_MESSAGES.cash);
    expect(cashState('abc', 100, 'тг.').error).toBe(ORDER_MESSAGES.cash);
    expect(cashState('10000001', 100, 'тг.').error).toBe(ORDER_MESSAGES.cashTooBig);
  });
});
