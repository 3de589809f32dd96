import { describe, expect, it } from 'vitest';
import { MENU_RULE_DEFAULTS, MenuRules, menuViolations, type RuleDish } from './menu-rules.ts';

/** docs/rules.md "The menu's rules". */
const dish = (id: number, name: string, extra: Partial<RuleDish> = {}): RuleDish => ({
  id,
  name,
  names: [name],
  per100g: null,
  fried: false,
  ...extra,
});
const rules = (extra: Partial<MenuRules> = {}): MenuRules => ({ ...MENU_RULE_DEFAULTS, ...extra });

describe('menuViolations', () => {
  it('names an excluded word of a dish’s name or of its card’s foods, a fried card, salt and added sugar over the limit', () => {
    const found = menuViolations(
      [
        {
          day: 1,
          dishes: [
            dish(1, 'Суп грибной'),
            dish(2, 'Макароны по-флотски', { names: ['Макароны по-флотски', 'Sausage, pork, cooked'] }),
            dish(3, 'Котлета', { fried: true }),
            dish(4, 'Компот', { per100g: { saltG: 0, addedSugarsG: 9.84 } }),
            dish(5, 'Суп', { per100g: { saltG: 0.3, addedSugarsG: 1 } }),
            dish(6, 'Рассольник', { per100g: { saltG: 0.31, addedSugarsG: 1 } }),
          ],
        },
      ],
      1,
      rules(),
    );
    expect(found.map((v) => v.text)).toEqual([
      '«Суп грибной»: исключено стандартом («гриб»)',
      '«Макароны по-флотски»: исключено стандартом («sausage»)',
      '«Котлета»: жареное блюдо (способ приготовления в карте — жарка)',
      '«Компот»: добавленного сахара 9,84 г на 100 г, больше 5 г',
      '«Рассольник»: соли 0,31 г на 100 г, больше 0,3 г',
    ]);
    expect(found.every((v) => v.day === 1)).toBe(true);
  });

  it('finds a dish again within N days, the cycle going round, and lets bread and tea come every day', () => {
    const days = [
      { day: 1, dishes: [dish(1, 'Плов'), dish(9, 'Хлеб пшеничный'), dish(7, 'Борщ')] },
      { day: 2, dishes: [dish(9, 'Хлеб пшеничный')] },
      { day: 3, dishes: [dish(1, 'Плов'), dish(9, 'Хлеб пшеничный')] },
      { day: 4, dishes: [] },
      { day: 5, dishes: [dish(7, 'Борщ')] },
    ];
    expect(menuViolations(days, 5, rules()).map((v) => [v.rule, v.day, v.text])).toEqual([
      // Day 5's borscht is followed by day 1's (the next cycle) within one day.
      ['repeat', 1, '«Борщ» снова в день 1 после дня 5: не раньше чем через 2 дн.'],
      ['repeat', 3, '«Плов» снова в день 3 после дня 1: не раньше чем через 2 дн.'],
    ]);
    expect(menuViolations(days, 5, rules({ repeat: { ...MENU_RULE_DEFAULTS.repeat, days: 1 } }))).toHaveLength(1);
    expect(menuViolations(days, 5, rules({ repeat: { ...MENU_RULE_DEFAULTS.repeat, enabled: false } }))).toEqual([]);
  });

  it('counts a weekly rule over each week of five school days', () => {
    const horse = [{ enabled: true, name: 'Конина', words: ['конин'], times: 2 }];
    const days = Array.from({ length: 10 }, (_, i) => ({
      day: i + 1,
      dishes: i === 0 || i === 2 || i === 6 ? [dish(i, 'Гуляш из конины')] : [],
    }));
    expect(menuViolations(days, 10, rules({ weekly: horse }))).toEqual([
      { rule: 'weekly', day: null, week: 2, dish_id: null, text: 'Конина: неделя 2 — 1 дн. из нужных 2' },
    ]);
    // Shipped switched off: horse meat is recommended, not required.
    expect(menuViolations(days, 10, rules())).toEqual([]);
  });

  it('reads a limit as a book gives it and refuses one that is not', () => {
    const parsed = MenuRules.parse({ ...MENU_RULE_DEFAULTS, salt: { enabled: true, limit_g: '0,25' } });
    expect(parsed.salt.limit_g).toBe('0.25');
    const bad = MenuRules.safeParse({ ...MENU_RULE_DEFAULTS, sugar: { enabled: true, limit_g: '-1' } });
    expect(bad.success).toBe(false);
  });
});
