import type { Menu } from '@tamaq/contract/menus';
import { describe, expect, it } from 'vitest';
import { approvalPeriod, boardNames, menuWeekOf, printedDays, weekOf } from './menu-print.ts';

const dish = (day: number, group: number, name: string) => ({
  day,
  group,
  product_id: day * 100 + group,
  product: {
    id: day * 100 + group,
    name,
    name_ru: name,
    name_kk: null,
    output: '200 г',
    cost: '100.00',
    image: null,
    allergens: [],
  },
});
const menu: Menu = {
  id: 1,
  name: 'Неделя',
  name_ru: 'Неделя',
  name_kk: null,
  days: 10,
  groups: '1,3',
  season: null,
  activations: 1,
  created_at: '2026-11-01T00:00:00Z',
  products: [
    { ...dish(1, 1, 'Каша'), product: { ...dish(1, 1, 'Каша').product, allergens: ['gluten', 'milk'] } },
    dish(1, 3, 'Борщ'),
    dish(2, 3, 'Плов'),
    dish(10, 3, 'Лагман'),
  ],
};

describe('boardNames', () => {
  it('names a dish in Kazakh then Russian, once each, and by the one it has until both are given', () => {
    expect(boardNames({ name: 'Чай', name_ru: 'Чай', name_kk: 'Шай' })).toEqual(['Шай', 'Чай']);
    expect(boardNames({ name: 'Құрт', name_ru: null, name_kk: 'Құрт' })).toEqual(['Құрт']);
    expect(boardNames({ name: 'Плов', name_ru: 'Плов', name_kk: null })).toEqual(['Плов']);
    expect(boardNames({ name: 'Палау', name_ru: 'Палау', name_kk: 'Палау' })).toEqual(['Палау']);
  });
});

describe('printedDays', () => {
  it('prints one day, or a range of days kept within the menu, by meal mode', () => {
    const one = printedDays(menu, new URLSearchParams('day=1'));
    expect(one).toEqual([
      {
        title: 'День 1 — понедельник',
        modes: [
          { name: 'Завтрак', dishes: [{ names: ['Каша'], output: '200 г', allergens: 'Аллергены: глютен, молоко' }] },
          { name: 'Обед', dishes: [{ names: ['Борщ'], output: '200 г', allergens: null }] },
        ],
      },
    ]);
    expect(printedDays(menu, new URLSearchParams('days=8-14')).map((d) => d.title)).toEqual([
      'День 8 — среда',
      'День 9 — четверг',
      'День 10 — пятница',
    ]);
    expect(printedDays(menu, new URLSearchParams('days=abc')).map((d) => d.title)).toEqual(['День 1 — понедельник']);
  });

  it('titles a day of a menu of whole weeks with its weekday: day 6 of ten is a Monday', () => {
    expect(printedDays(menu, new URLSearchParams('days=5-6')).map((d) => d.title)).toEqual([
      'День 5 — пятница',
      'День 6 — понедельник',
    ]);
    const seven = { ...menu, days: 7 };
    expect(printedDays(seven, new URLSearchParams('day=6')).map((d) => d.title)).toEqual(['День 6']);
  });

  it("prints an activation's dates with the menu's day the school's calendar serves, none on a holiday", () => {
    const week = printedDays(menu, new URLSearchParams('activation=4&from=2026-12-14&to=2026-12-20'), [
      { date: '2026-12-14', day: 1 },
      { date: '2026-12-15', day: 2 },
      { date: '2026-12-16', day: null },
      { date: '2026-12-17', day: 4 },
      { date: '2026-12-19', day: null },
    ]);
    expect(week.map((d) => d.title)).toEqual([
      'Понедельник, 14.12.2026 — день 1 меню',
      'Вторник, 15.12.2026 — день 2 меню',
      'Четверг, 17.12.2026 — день 4 меню',
    ]);
    // Until the calendar has answered there is nothing to print.
    expect(printedDays(menu, new URLSearchParams('activation=4&from=2026-12-14&to=2026-12-20'))).toEqual([]);
  });
});

describe('menuWeekOf', () => {
  it("gives the menu's week holding the day shown: days 6–10 of a ten-day menu from day 7", () => {
    expect(menuWeekOf(10, 7)).toEqual({ first: 6, last: 10 });
    expect(menuWeekOf(10, 1)).toEqual({ first: 1, last: 5 });
    expect(menuWeekOf(12, 7)).toEqual({ first: 7, last: 12 });
    expect(menuWeekOf(7, 7)).toEqual({ first: 6, last: 7 });
  });
});

describe('weekOf', () => {
  it('gives Monday to Sunday of the week, from any day of it', () => {
    expect(weekOf('2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});

describe('the period of an approval', () => {
  it('proposes the season now or next, and the school year for a menu of all year', () => {
    expect(approvalPeriod('winter_spring', '2026-12-03')).toEqual({ from: '2026-12-01', to: '2027-05-31' });
    expect(approvalPeriod('winter_spring', '2027-03-10')).toEqual({ from: '2026-12-01', to: '2027-05-31' });
    expect(approvalPeriod('winter_spring', '2026-08-20')).toEqual({ from: '2026-12-01', to: '2027-05-31' });
    expect(approvalPeriod('summer_autumn', '2026-09-01')).toEqual({ from: '2026-06-01', to: '2026-11-30' });
    expect(approvalPeriod('summer_autumn', '2026-12-03')).toEqual({ from: '2027-06-01', to: '2027-11-30' });
    expect(approvalPeriod('summer_autumn', '2027-02-01')).toEqual({ from: '2027-06-01', to: '2027-11-30' });
    expect(approvalPeriod(null, '2026-12-03')).toEqual({ from: '2026-09-01', to: '2027-05-31' });
    expect(approvalPeriod(null, '2027-06-15')).toEqual({ from: '2026-09-01', to: '2027-05-31' });
  });
});
