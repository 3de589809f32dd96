import type { Menu } from '@tamaq/contract/menus';
import { describe, expect, it } from 'vitest';
import { shrinkQuestion } from './menu-shrink.ts';

const dish = (day: number, group: number) => ({
  day,
  group,
  product_id: day * 100 + group,
  product: {
    id: day * 100 + group,
    name: `Блюдо ${day}-${group}`,
    name_ru: `Блюдо ${day}-${group}`,
    name_kk: null,
    output: '200 г',
    cost: '100.00',
    image: null,
    allergens: [],
  },
});
const menu = (activations = 0): Menu => ({
  id: 1,
  name: 'Неделя',
  name_ru: 'Неделя',
  name_kk: null,
  days: 5,
  groups: '1,3,4',
  season: null,
  activations,
  created_at: '2026-11-01T00:00:00Z',
  products: [dish(1, 1), dish(1, 3), dish(4, 3), dish(5, 1), dish(5, 3), dish(2, 4)],
});

describe('the question before a menu edit that takes dishes off', () => {
  it('asks nothing for a new menu, a longer one, or when the days and modes that go hold no dish', () => {
    expect(shrinkQuestion(null, 3, [1])).toBeNull();
    expect(shrinkQuestion(menu(), 7, [1, 3, 4, 5])).toBeNull();
    expect(shrinkQuestion({ ...menu(), products: [dish(1, 1)] }, 3, [1])).toBeNull();
  });

  it('names the days and how many dishes go', () => {
    expect(shrinkQuestion(menu(), 3, [1, 3, 4])).toEqual({
      title: 'Убрать блюда из меню?',
      content: 'Из меню уйдут блюда: 3 (дни 4–5).',
      okText: 'Сохранить и убрать',
    });
    expect(shrinkQuestion(menu(), 4, [1, 3, 4])?.content).toBe('Из меню уйдут блюда: 2 (день 5).');
  });

  it('names the meal modes unticked, with the days, counting each dish once', () => {
    expect(shrinkQuestion(menu(), 5, [3])?.content).toBe('Из меню уйдут блюда: 3 (режимы «Завтрак», «Полдник»).');
    // Day 5's breakfast goes for both reasons: one dish.
    expect(shrinkQuestion(menu(), 4, [3, 4])?.content).toBe('Из меню уйдут блюда: 3 (день 5; режим «Завтрак»).');
  });

  it('says that an activated menu changes in the schools at once', () => {
    expect(shrinkQuestion(menu(2), 3, [1, 3, 4])?.content).toBe(
      'Из меню уйдут блюда: 3 (дни 4–5). Меню активировано: в школах оно изменится сразу.',
    );
  });
});
