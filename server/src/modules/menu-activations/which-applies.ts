import { seasonOf, seasonStart, type MenuSeason } from '@tamaq/contract/menus';

/** An activation as the picking needs it: its first day and its menu's season (null: all year). */
export interface Dated {
  date: string;
  season: MenuSeason | null;
}

/**
 * The activation that applies on `date` (docs/rules.md "Seasons"): of `newestFirst` (one school and
 * type, newest first), the first dated `date` or earlier whose menu is of `date`'s season or of none.
 */
export function applyingOn<T extends Dated>(newestFirst: readonly T[], date: string): T | null {
  const season = seasonOf(date);
  return newestFirst.find((a) => a.date <= date && (a.season === null || a.season === season)) ?? null;
}

/**
 * The day `activation`'s cycle counts from on `date`: its first day, or its season's first day when it
 * is later and the menu is seasonal, or when a menu of the other season served between (an all-year
 * menu taken back after the winter starts its cycle again, as a seasonal one does).
 */
export function cycleStart(activation: Dated, all: readonly Dated[], date: string): string {
  const season = seasonOf(date);
  const interrupted =
    activation.season !== null ||
    all.some((a) => a.date > activation.date && a.date <= date && a.season !== null && a.season !== season);
  if (!interrupted) return activation.date;
  const start = seasonStart(date);
  return start > activation.date ? start : activation.date;
}
