import {
  REPORT_MESSAGES as M,
  dayName,
  periodDays,
  reportRowKey,
  type CanteenReportQuery,
  type FixationReport,
  type ReportPerson,
} from '@tamaq/contract/reports';
import type { Actor } from '../../platform/auth/actors.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { XlsxReport } from '../../platform/spreadsheet.ts';
import { createReportsRepository, type Cell } from './reports.repository.ts';

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

const collator = new Intl.Collator('ru');
const period = (from: string, to: string) => `${dayName(from, true)}–${dayName(to, true)}`;
const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);

/**
 * The grid of a fixation report from its cells: every day of the period a column (days without
 * visits too), a row per person and category, each row's and each day's total, and the grand total,
 * all sums of the same cells.
 */
function grid(
  cells: Cell[],
  days: string[],
  person: (userId: number, categoryId: number | null) => Omit<ReportPerson, 'total'>,
): FixationReport {
  const byDay = new Map(days.map((date) => [date, { date, name: dayName(date), rows: {}, total: 0 }]));
  const rows = new Map<string, ReportPerson>();
  let total = 0;
  for (const c of cells) {
    const key = reportRowKey(c.userId, c.categoryId);
    const day = byDay.get(c.day)!;
    (day.rows as Record<string, number>)[key] = c.portions;
    day.total += c.portions;
    total += c.portions;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { ...person(c.userId, c.categoryId), total: 0 }));
    row.total += c.portions;
  }
  return { days: [...byDay.values()], users: [...rows.values()], total };
}

/** Spec 2 "Reports": visits counted by calendar day in the organization, on screen and as .xlsx. */
export function createReportsService(platform: Platform) {
  const repo = createReportsRepository(platform.db);

  /** The canteen and the categories asked for, both the actor's organization's (else 404). */
  const canteenFilter = async (actor: Actor, q: CanteenReportQuery) => {
    const organizationId = ownOrganization(actor);
    const categoryIds = [...new Set(q.categoriesIds)];
    const [canteen, categories] = await Promise.all([
      repo.canteen(organizationId, q.canteenId),
      categoryIds.length ? repo.categories(organizationId, categoryIds) : Promise.resolve([]),
    ]);
    if (!canteen) throw notFound(M.canteenNotFound);
    if (categories.length !== categoryIds.length) throw notFound(M.categoryNotFound);
    return {
      canteen,
      categories,
      filter: { organizationId, canteenId: canteen.id, dateFrom: q.dateFrom, dateTo: q.dateTo, categoryIds },
    };
  };

  /**
   * `/report/fixations`: who ate at the canteen on each day of the period, a row per person and
   * meal time, ordered by name and then by the meal times' order.
   */
  const canteen = async (actor: Actor, q: CanteenReportQuery) => {
    const { canteen: place, categories, filter } = await canteenFilter(actor, q);
    const cells = await repo.canteenCells(filter);
    const [people, named] = await Promise.all([
      repo.people([...new Set(cells.map((c) => c.userId))]),
      repo.categories(filter.organizationId, [
        ...new Set(cells.flatMap((c) => (c.categoryId === null ? [] : [c.categoryId]))),
      ]),
    ]);
    const who = new Map(people.map((p) => [p.id, p]));
    const order = new Map(named.map((c, i) => [c.id, i]));
    const names = new Map(named.map((c) => [c.id, c.name]));
    const report = grid(cells, periodDays(filter.dateFrom, filter.dateTo), (userId, categoryId) => {
      const p = who.get(userId);
      return {
        key: reportRowKey(userId, categoryId),
        id: userId,
        name: p?.name ?? '',
        classroomName: p?.classroomName ?? null,
        categoryName: (categoryId !== null ? names.get(categoryId) : undefined) ?? M.noCategory,
        categoryId,
        paymentCard: p?.cards ?? null,
        watchName: p?.watchName ?? null,
      };
    });
    const rank = (id: number | null) => (id === null ? -1 : (order.get(id) ?? -1));
    report.users.sort(
      (a, b) => collator.compare(a.name, b.name) || a.id - b.id || rank(a.categoryId) - rank(b.categoryId),
    );
    return { report, canteen: place, categories };
  };

  return {
    canteen: async (actor: Actor, q: CanteenReportQuery) => (await canteen(actor, q)).report,

    /** The canteen report as a sheet: the same rows and totals, the filters in its heading. */
    async canteenXlsx(actor: Actor, q: CanteenReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const { report, canteen: place, categories } = await canteen(actor, q);
      const when = period(q.dateFrom, q.dateTo);
      return {
        fileName: `${M.canteenSheet} ${safeFileName(place.name)} ${when}.xlsx`,
        sheet: {
          sheetName: M.canteenSheet,
          heading: [
            M.canteenTitle(place.name, when),
            M.categoriesLine(categories.length ? categories.map((c) => c.name).join(', ') : M.allCategories),
          ],
          columns: [
            ...M.canteenColumns.map((header, i) => ({ header, width: [5, 32, 10, 16, 14, 14][i] })),
            ...report.days.map((d) => ({ header: d.name, width: 6 })),
            { header: M.totals, width: 8 },
          ],
          rows: report.users.map((u, i) => [
            i + 1,
            u.name,
            u.classroomName,
            u.categoryName,
            u.paymentCard,
            u.watchName,
            ...report.days.map((d) => d.rows[u.key] ?? null),
            u.total,
          ]),
          footer: [[M.totals, null, null, null, null, null, ...report.days.map((d) => d.total), report.total]],
        },
      };
    },
  };
}
