import { describe, expect, it } from 'vitest';
import { CanteenFixationCreate } from './fixations.ts';
import { dueDate } from './library.ts';
import { CanteenManualQuery } from './manual-fixations.ts';
import { MenuActivate } from './menu-activations.ts';
import { CashierDayQuery, OrdersQuery } from './orders.ts';
import { CanteenReportQuery } from './reports.ts';

/** Every date the contract reads, fed what a probe sent: a calendar date (or date-time) or refused. */
const BAD_DATES = [
  '2027-04-02 any garbage <script>',
  '2027-04-01T25:99:99Z',
  '2027-02-30',
  '2027-13-01',
  '2027-4-1',
  '02.04.2027',
  '2027-04-01x',
  ' ',
];

const dates: [string, (v: string) => boolean][] = [
  ['activation date', (v) => MenuActivate.safeParse({ school_id: 1, menu_id: 1, type: 'free_food', date: v }).success],
  ['orders period', (v) => OrdersQuery.safeParse({ date_from: v, date_to: v }).success],
  ['cashier’s day', (v) => CashierDayQuery.safeParse({ date: v }).success],
  ['manual fixation day', (v) => CanteenManualQuery.safeParse({ date: v, canteen_id: 1, category_id: 1 }).success],
  ['report period', (v) => CanteenReportQuery.safeParse({ canteenId: '1', dateFrom: v, dateTo: v }).success],
  ['book due date', (v) => dueDate().safeParse(v).success],
];

describe('dates in the contract', () => {
  it.each(dates)('the %s takes a calendar date and refuses anything else', (_, accepts) => {
    expect(accepts('2027-04-02')).toBe(true);
    for (const bad of BAD_DATES) expect(accepts(bad), bad).toBe(false);
  });

  it('reads a scan’s time as a whole ISO date-time with its offset, or refuses it', () => {
    const at = (v: string) => CanteenFixationCreate.safeParse({ cardId: 'A1', canteenId: 1, scannedAt: v }).success;
    expect(at('2027-04-01T10:00:00.000Z')).toBe(true);
    expect(at('2027-04-01T10:00:00+05:00')).toBe(true);
    for (const bad of ['2027-04-01T25:99:99Z', '2027-04-01 10:00', '2027-04-01T10:00:00Z garbage', '2027-04-01'])
      expect(at(bad), bad).toBe(false);
  });
});
