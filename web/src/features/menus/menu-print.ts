import { menuDayOn } from '@tamaq/contract/menu-activations';
import { MEAL_MODES, type Menu } from '@tamaq/contract/menus';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';

const t = i18n.food.menuPrint;
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);

export interface PrintedDay {
  title: string;
  modes: { name: string; dishes: { name: string; output: string }[] }[];
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The menu's dishes of one day, by meal mode in the menu's order. */
function dayOf(menu: Menu, day: number, title: string): PrintedDay {
  const groups = menu.groups.split(',').filter(Boolean).map(Number);
  return {
    title,
    modes: groups.map((g) => ({
      name: modeName(g),
      dishes: (menu.products ?? [])
        .filter((p) => p.day === day && p.group === g)
        .map((p) => ({ name: p.product.name, output: p.product.output })),
    })),
  };
}

/**
 * The days a print shows, from the link: `day=3` or `days=3-7` (days of the menu), or `activated`
 * (the activation's first day) with `from` and `to` (calendar dates, weekends left out), each date
 * with its day of the cycle (docs/domain.md).
 */
export function printedDays(menu: Menu, params: URLSearchParams): PrintedDay[] {
  const activated = params.get('activated');
  const from = params.get('from');
  const to = params.get('to');
  if (activated && from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const out: PrintedDay[] = [];
    for (let date = from, i = 0; date <= to && i < 31; date = addDays(date, 1), i++) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const day = menuDayOn(activated, menu.days, date);
      if (weekday === 0 || weekday === 6 || day === null) continue;
      out.push(dayOf(menu, day, t.dated(t.weekdays[weekday]!, formatDate(date), day)));
    }
    return out;
  }
  const [a, b] = (params.get('days') ?? params.get('day') ?? '1').split('-').map(Number);
  const first = Math.max(1, Math.min(menu.days, Number.isInteger(a) ? a! : 1));
  const last = Math.max(first, Math.min(menu.days, first + 13, Number.isInteger(b) ? b! : first));
  return Array.from({ length: last - first + 1 }, (_, i) => dayOf(menu, first + i, t.day(first + i)));
}

/** Monday to Friday of the week holding `today` ('YYYY-MM-DD'). */
export function weekOf(today: string): { from: string; to: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, weekday === 0 ? -6 : 1 - weekday);
  return { from: monday, to: addDays(monday, 4) };
}
