import { allergenLine } from '../../ui/allergen-line.ts';
import { MEAL_MODES, type Menu, type MenuSeason } from '@tamaq/contract/menus';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import type { BilingualName } from '../../ui/content-name.tsx';

const t = i18n.food.menuPrint;
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);

export interface PrintedDay {
  title: string;
  /** Each dish by its names, Kazakh then Russian (a notice board shows both), each once. */
  modes: { name: string; dishes: { names: string[]; output: string; allergens: string | null }[] }[];
}

/** A dish's names as a bilingual notice board shows them: the Kazakh, then the Russian, each given once. */
export function boardNames(d: BilingualName): string[] {
  const kk = d.name_kk ?? null;
  const ru = d.name_ru === undefined ? d.name : d.name_ru;
  return [...new Set([kk, ru].filter((n): n is string => !!n))];
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
        .map((p) => ({
          names: boardNames(p.product),
          output: p.product.output,
          allergens: allergenLine(p.product.allergens),
        })),
    })),
  };
}

/** The length of a menu's week: five days, or six where the menu is a whole number of six-day weeks only. */
export const weekLength = (menuDays: number): number => (menuDays % 5 !== 0 && menuDays % 6 === 0 ? 6 : 5);

/** The menu's week holding `day`: for a ten-day menu, days 1–5 or 6–10. */
export function menuWeekOf(menuDays: number, day: number): { first: number; last: number } {
  const length = weekLength(menuDays);
  const first = Math.floor((day - 1) / length) * length + 1;
  return { first, last: Math.min(menuDays, first + length - 1) };
}

/** A date the school's calendar says serves a day of the menu (from `GET /api/activated/menu/days`). */
export interface ServedDate {
  date: string;
  day: number | null;
}

/**
 * The days a print shows, from the link: `day=3` or `days=3-7` (days of the menu), or an activation's
 * dates (`activation`, `from`, `to`) with the day of the cycle each serves by the school's calendar
 * (`served`, from the server: docs/rules.md "The school's year"); dates serving none are left out.
 */
export function printedDays(menu: Menu, params: URLSearchParams, served?: ServedDate[]): PrintedDay[] {
  if (params.get('activation')) {
    return (served ?? [])
      .filter((d) => d.day !== null && d.day >= 1 && d.day <= menu.days)
      .map((d) => {
        const weekday = new Date(`${d.date}T00:00:00Z`).getUTCDay();
        return dayOf(menu, d.day!, t.dated(t.weekdays[weekday]!, formatDate(d.date), d.day!));
      });
  }
  const [a, b] = (params.get('days') ?? params.get('day') ?? '1').split('-').map(Number);
  const first = Math.max(1, Math.min(menu.days, Number.isInteger(a) ? a! : 1));
  const last = Math.max(first, Math.min(menu.days, first + 13, Number.isInteger(b) ? b! : first));
  // A menu of whole weeks names each day's weekday: day 6 of a ten-day menu is a Monday.
  const length = weekLength(menu.days);
  const title = (n: number) =>
    menu.days % length === 0 ? t.weekDay(n, t.weekdays[((n - 1) % length) + 1]!) : t.day(n);
  return Array.from({ length: last - first + 1 }, (_, i) => dayOf(menu, first + i, title(first + i)));
}

/** Monday to Sunday of the week holding `today` ('YYYY-MM-DD'): the school's calendar says which of them serve. */
export function weekOf(today: string): { from: string; to: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, weekday === 0 ? -6 : 1 - weekday);
  return { from: monday, to: addDays(monday, 6) };
}

/**
 * The period a menu is approved for, proposed on its approval print: its season's dates now or next
 * (winter–spring 1 December – 31 May, summer–autumn 1 June – 30 November), or the school year's
 * (1 September – 31 May) for a menu of all year. `today` is 'YYYY-MM-DD'.
 */
export function approvalPeriod(season: MenuSeason | null, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (season === 'winter_spring') {
    const start = month <= 5 ? year - 1 : year;
    return { from: `${start}-12-01`, to: `${start + 1}-05-31` };
  }
  if (season === 'summer_autumn') {
    const start = month === 12 ? year + 1 : year;
    return { from: `${start}-06-01`, to: `${start}-11-30` };
  }
  const start = month >= 9 ? year : year - 1;
  return { from: `${start}-09-01`, to: `${start + 1}-05-31` };
}
