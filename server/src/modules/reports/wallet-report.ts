import { namesOf, type StoredNames } from '@tamaq/contract/names';
import {
  REPORT_MESSAGES as M,
  type WalletClass,
  type WalletMark,
  type WalletPupil,
  type WalletReport,
} from '@tamaq/contract/reports';
import type { XlsxReport } from '../../platform/spreadsheet.ts';
import type { DueDay } from './oversight.repository.ts';
import { compareNames } from '../../platform/db/alphabet.ts';

/** Exact money: '450.50' ↔ 45050 tiyn (a numeric(12,2) as text always has its two decimals). */
const toTiyn = (amount: string): number => {
  const [whole = '0', part = ''] = amount.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
};
const fromTiyn = (tiyn: number): string => `${Math.floor(tiyn / 100)}.${String(tiyn % 100).padStart(2, '0')}`;

/** Counters per school day and for the month, kept in tiyn until the answer. */
class Tally {
  entitled: number[];
  served: number[];
  amounts: number[];
  constructor(n: number) {
    this.entitled = Array<number>(n).fill(0);
    this.served = Array<number>(n).fill(0);
    this.amounts = Array<number>(n).fill(0);
  }
  add(i: number, servedCost: string | null) {
    this.entitled[i]! += 1;
    if (servedCost === null) return;
    this.served[i]! += 1;
    this.amounts[i]! += toTiyn(servedCost);
  }
  get answer() {
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return {
      entitled: this.entitled,
      served: this.served,
      amounts: this.amounts.map(fromTiyn),
      due: sum(this.entitled),
      servedTotal: sum(this.served),
      amount: fromTiyn(sum(this.amounts)),
    };
  }
}

/**
 * The reconciliation of a school and a month from its due days: a column per working day of the
 * school's month (`days`), pupils by class, then by name.
 */
export function walletReport(
  school: { id: number } & StoredNames,
  month: string,
  days: string[],
  due: DueDay[],
): WalletReport {
  const column = new Map(days.map((d, i) => [d, i]));
  const whole = new Tally(days.length);
  const classes = new Map<number, { row: Omit<WalletClass, keyof Tally['answer'] | 'pupils'>; tally: Tally }>();
  const pupils = new Map<
    number,
    { row: Omit<WalletPupil, keyof Tally['answer']>; classroomId: number; tally: Tally }
  >();
  for (const d of due) {
    const i = column.get(d.day)!;
    let c = classes.get(d.classroomId);
    if (!c)
      classes.set(
        d.classroomId,
        (c = { row: { id: d.classroomId, name: d.classroomName }, tally: new Tally(days.length) }),
      );
    let p = pupils.get(d.pupilId);
    if (!p) {
      const marks = Array<WalletMark>(days.length).fill('none');
      const row = { id: d.pupilId, name: d.pupilName, category: d.category, cost: d.cost, marks };
      pupils.set(d.pupilId, (p = { row, classroomId: d.classroomId, tally: new Tally(days.length) }));
    }
    p.row.marks[i] = d.servedCost === null ? 'missed' : 'served';
    for (const t of [p.tally, c.tally, whole]) t.add(i, d.servedCost);
  }
  const byName = <T extends { name: string; id: number }>(a: T, b: T) => compareNames(a.name, b.name) || a.id - b.id;
  return {
    school: { id: school.id, ...namesOf(school) },
    month,
    days,
    classes: [...classes.values()]
      .map((c) => ({
        ...c.row,
        ...c.tally.answer,
        pupils: [...pupils.values()]
          .filter((p) => p.classroomId === c.row.id)
          .map((p) => ({ ...p.row, ...p.tally.answer }))
          .sort(byName),
      }))
      .sort(byName),
    ...whole.answer,
  };
}

/** «ноябрь 2026» for `2026-11`. */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('ru', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${month}-01T00:00:00Z`))
    .replace(/\s*г\.$/, '');

const MARK: Record<WalletMark, string | null> = { served: '+', missed: '−', none: null };

/**
 * The reconciliation as a sheet: a row per pupil (class by class, each with its subtotal row), a
 * column per school day, the pupil's due, served and amount; the school's day lines (due, served,
 * not served, amount) and the signature lines below.
 */
export function walletSheet(r: WalletReport): XlsxReport {
  const [n, name, classroom, category, cost] = M.walletColumns;
  const [due, served, amount] = M.walletTotals;
  const blanks = (k: number) => Array<null>(k).fill(null);
  const rows: (string | number | null)[][] = [];
  let i = 0;
  for (const c of r.classes) {
    for (const p of c.pupils) {
      rows.push([
        ++i,
        p.name,
        c.name,
        p.category,
        Number(p.cost),
        ...p.marks.map((m) => MARK[m]),
        p.due,
        p.servedTotal,
        Number(p.amount),
      ]);
    }
    rows.push([
      null,
      `${M.totals}: ${c.name}`,
      null,
      null,
      null,
      ...c.served.map((s, k) => `${s}/${c.entitled[k]}`),
      c.due,
      c.servedTotal,
      Number(c.amount),
    ]);
  }
  const [dueLine, servedLine, missedLine, amountLine] = M.walletDayLines;
  const line = (label: string | undefined, cells: (string | number)[], tail: (string | number | null)[]) => [
    null,
    label ?? null,
    ...blanks(3),
    ...cells,
    ...tail,
  ];
  return {
    sheetName: M.walletSheet,
    heading: [M.walletTitle(r.school.name, monthName(r.month)), M.walletLegend],
    columns: [
      { header: n!, width: 5 },
      { header: name!, width: 32 },
      { header: classroom!, width: 8 },
      { header: category!, width: 16 },
      { header: cost!, width: 10, numFmt: '#,##0.00' },
      ...r.days.map((d) => ({ header: d.slice(8, 10), width: 4 })),
      { header: due!, width: 9 },
      { header: served!, width: 9 },
      { header: amount!, width: 12, numFmt: '#,##0.00' },
    ],
    rows,
    footer: [
      line(dueLine, r.entitled, [r.due, null, null]),
      line(servedLine, r.served, [null, r.servedTotal, null]),
      line(
        missedLine,
        r.entitled.map((e, k) => e - r.served[k]!),
        [r.due - r.servedTotal, null, null],
      ),
      line(amountLine, r.amounts.map(Number), [null, null, Number(r.amount)]),
      [],
      ...M.signatures.map((who) => [null, who, null, M.signatureLine]),
    ],
  };
}
