import { REPORT_MESSAGES as M, dayName, type ReportDay } from '@tamaq/contract/reports';
import type { XlsxColumn, XlsxReport } from '../../platform/spreadsheet.ts';

/** What the reports share: a period's words and the grid of days (names in the reader's alphabet: `compareNames`). */
export const period = (from: string, to: string) => `${dayName(from, true)}–${dayName(to, true)}`;
/** A cell of a grid: its row's key, the day and the portions. */
interface GridCell {
  key: string;
  day: string;
  portions: number;
}

/**
 * The grid of a report from its cells: every day of the period a column (days without visits too),
 * a row per key made by `rowOf` from its first cell, each row's and each day's total, and the grand
 * total, all sums of the same cells.
 */
export function grid<C extends GridCell, R extends { key: string; total: number }>(
  cells: C[],
  days: string[],
  rowOf: (cell: C) => Omit<R, 'total'>,
): { days: ReportDay[]; rows: R[]; total: number } {
  const byDay = new Map(
    days.map((date) => [date, { date, name: dayName(date), rows: {} as Record<string, number>, total: 0 }]),
  );
  const rows = new Map<string, R>();
  let total = 0;
  for (const c of cells) {
    const day = byDay.get(c.day)!;
    day.rows[c.key] = c.portions;
    day.total += c.portions;
    total += c.portions;
    let row = rows.get(c.key);
    if (!row) rows.set(c.key, (row = { ...rowOf(c), total: 0 } as R));
    row.total += c.portions;
  }
  return { days: [...byDay.values()], rows: [...rows.values()], total };
}

/** A grid as a sheet: the naming columns, a column a day, the row totals, and the «Итого» row. */
export function gridSheet<R extends { key: string; total: number }>(
  sheet: { name: string; heading: string[] },
  labels: (XlsxColumn & { value: (row: R, index: number) => string | number | null })[],
  rows: R[],
  days: ReportDay[],
  total: number,
): XlsxReport {
  return {
    sheetName: sheet.name,
    heading: sheet.heading,
    columns: [
      ...labels.map(({ header, width }) => ({ header, width })),
      ...days.map((d) => ({ header: d.name, width: 6 })),
      { header: M.totals, width: 8 },
    ],
    // Made as the workbook is written, a row at a time (see sendXlsxReport): a thousand pupils by a
    // year of days is built in one go otherwise, with the scans waiting.
    rows: (function* () {
      for (const [i, row] of rows.entries()) {
        yield [...labels.map((l) => l.value(row, i)), ...days.map((d) => d.rows[row.key] ?? null), row.total];
      }
    })(),
    footer: [[M.totals, ...labels.slice(1).map(() => null), ...days.map((d) => d.total), total]],
  };
}
