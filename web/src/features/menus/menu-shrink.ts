import { MEAL_MODES, type Menu } from '@tamaq/contract/menus';
import { i18n } from '../../i18n/texts.ts';
import type { SaveQuestion } from '../../ui/resource-form.tsx';

const t = i18n.food.menus;
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);

/** What saving `menu` with `days` and meal modes `groups` would take off it: its dishes beyond them. */
export function droppedDishes(menu: Menu, days: number, groups: number[]) {
  const kept = new Set(groups);
  const dishes = (menu.products ?? []).filter((d) => d.day > days || !kept.has(d.group));
  const lostDays = days < menu.days ? { from: days + 1, to: menu.days } : null;
  const lostModes = menu.groups
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((g) => !kept.has(g));
  return { dishes: dishes.length, lostDays, lostModes };
}

/**
 * The question before an edit that takes dishes off a menu (fewer days, a meal mode unticked):
 * how many dishes go, from which days and modes, and that an activated menu changes in the schools
 * at once. Null when no dish goes.
 */
export function shrinkQuestion(menu: Menu | null, days: number, groups: number[]): SaveQuestion | null {
  if (!menu) return null;
  const lost = droppedDishes(menu, days, groups);
  if (lost.dishes === 0) return null;
  const where = [
    lost.lostDays ? t.shrinkDays(lost.lostDays.from, lost.lostDays.to) : null,
    lost.lostModes.length ? t.shrinkModes(lost.lostModes.map(modeName)) : null,
  ].filter(Boolean);
  return {
    title: t.shrinkTitle,
    content: [t.shrinkDishes(lost.dishes, where.join('; ')), menu.activations > 0 ? t.shrinkActive : null]
      .filter(Boolean)
      .join(' '),
    okText: t.shrinkOk,
  };
}
