import type { Menu } from '@tamaq/contract/menus';
import { describe, expect, it } from 'vitest';
import { printedDays, weekOf } from './menu-print.ts';

const dish = (day: number, group: number, name: string) => ({
  day,
  group,
  product_id: day * 100 + group,
  product: { id: day * 100 + group, name, output: '200 г', cost: '100.00', image: null },
});
const menu: Menu = {
  id: 1,
  name: 'Неделя',
  days: 10,
  groups: '1,3',
  activations: 1,
  created_at: '2026-11-01T00:00:00Z',
  products: [dish(1, 1, 'Каша'), dish(1, 3, 'Борщ'), dish(2, 3, 'Плов'), dish(10, 3, 'Лагман')],
};

describe('printedDays', () => {
  it('prints one day, or a range of days kept within the menu, by meal mode', () => {
    const one = printedDays(menu, new URLSearchParams('day=1'));
    expect(one).toEqual([
      {
        title: 'День 1',
        modes: [
          { name: 'Завтрак', dishes: [{ name: 'Каша', output: '200 г' }] },
          { name: 'Обед', dishes: [{ name: 'Борщ', output: '200 г' }] },
        ],
      },
    ]);
    expect(printedDays(menu, new URLSearchParams('days=8-14')).map((d) => d.title)).toEqual([
      'День 8',
      'День 9',
      'День 10',
    ]);
    expect(printedDays(menu, new URLSearchParams('days=abc')).map((d) => d.title)).toEqual(['День 1']);
  });

  it('maps the calendar dates of a week to the days of the cycle, leaving out weekends and days before it starts', () => {
    // Activated on Tuesday 24 November: Monday the 23rd is before it; Friday the 27th is day 4.
    const week = printedDays(menu, new URLSearchParams('activated=2026-11-24&from=2026-11-23&to=2026-11-29'));
    expect(week.map((d) => d.title)).toEqual([
      'Вторник, 24.11.2026 — день 1 меню',
      'Среда, 25.11.2026 — день 2 меню',
      'Четверг, 26.11.2026 — день 3 меню',
      'Пятница, 27.11.2026 — день 4 меню',
    ]);
    // Ten days later the cycle starts again.
    const later = printedDays(menu, new URLSearchParams('activated=2026-11-24&from=2026-12-04&to=2026-12-04'));
    expect(later.map((d) => d.title)).toEqual(['Пятница, 04.12.2026 — день 1 меню']);
  });
});

describe('weekOf', () => {
  it('gives Monday to Friday of the week, from any day of it', () => {
    expect(weekOf('2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
  });
});
