import {
  REPORT_MESSAGES as M,
  periodDays,
  reportRowKey,
  categoryRowKey,
  type CanteenReportQuery,
  type CategoryReport,
  type FixationReport,
  type ReportCategoryRow,
  type ReportPerson,
} from '@tamaq/contract/reports';
import type { Actor } from '../../platform/auth/actors.ts';
import { ownOrganization } from '../../platform/catalogue.ts';
import { notFound } from '../../platform/http/errors.ts';
import { safeFileName, type XlsxReport } from '../../platform/spreadsheet.ts';
import { compareNames } from '../../platform/db/alphabet.ts';
import { grid, gridSheet, period } from './report-grid.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** The canteen's reports: people × days, and meal times × days; on screen and as .xlsx. */
export function createCanteenReports(repo: ReportsRepository) {
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
    const filter = { organizationId, canteenId: canteen.id, dateFrom: q.dateFrom, dateTo: q.dateTo, categoryIds };
    const heading = (title: (place: string, when: string) => string) => [
      title(canteen.name, period(q.dateFrom, q.dateTo)),
      M.categoriesLine(categories.length ? categories.map((c) => c.name).join(', ') : M.allCategories),
    ];
    const fileName = (sheet: string) => `${sheet} ${safeFileName(canteen.name)} ${period(q.dateFrom, q.dateTo)}.xlsx`;
    return { filter, heading, fileName };
  };

  /** The names of the categories the cells name, and each one's place in the order of meal times. */
  const categoryNames = async (organizationId: number, ids: (number | null)[]) => {
    const named = await repo.categories(organizationId, [...new Set(ids.filter((id) => id !== null))]);
    const order = new Map(named.map((c, i) => [c.id, i]));
    const names = new Map(named.map((c) => [c.id, c.name]));
    return {
      name: (id: number | null) => (id !== null ? names.get(id) : undefined) ?? M.noCategory,
      rank: (id: number | null) => (id === null ? -1 : (order.get(id) ?? -1)),
    };
  };

  /**
   * `/report/fixations`: who ate at the canteen on each day of the period, a row per person and
   * meal time, ordered by name and then by the meal times' order.
   */
  const canteen = async (actor: Actor, q: CanteenReportQuery) => {
    const { filter, heading, fileName } = await canteenFilter(actor, q);
    const cells = (await repo.canteenCells(filter)).map((c) => ({ ...c, key: reportRowKey(c.userId, c.categoryId) }));
    const [people, categories] = await Promise.all([
      repo.people([...new Set(cells.map((c) => c.userId))]),
      categoryNames(
        filter.organizationId,
        cells.map((c) => c.categoryId),
      ),
    ]);
    const who = new Map(people.map((p) => [p.id, p]));
    const { rows, days, total } = grid<(typeof cells)[number], ReportPerson>(
      cells,
      periodDays(filter.dateFrom, filter.dateTo),
      ({ key, userId, categoryId }) => {
        const p = who.get(userId);
        return {
          key,
          id: userId,
          name: p?.name ?? '',
          classroomName: p?.classroomName ?? null,
          categoryName: categories.name(categoryId),
          categoryId,
          paymentCard: p?.cards ?? null,
          watchName: p?.watchName ?? null,
        };
      },
    );
    rows.sort(
      (a, b) =>
        compareNames(a.name, b.name) || a.id - b.id || categories.rank(a.categoryId) - categories.rank(b.categoryId),
    );
    const report: FixationReport = { days, users: rows, total };
    return { report, heading: heading(M.canteenTitle), fileName: fileName(M.canteenSheet) };
  };

  /** `/report/category/fixations`: the canteen's portions by meal time and day, in the meal times' order. */
  const byCategory = async (actor: Actor, q: CanteenReportQuery) => {
    const { filter, heading, fileName } = await canteenFilter(actor, q);
    const cells = (await repo.canteenCategoryCells(filter)).map((c) => ({
      ...c,
      key: categoryRowKey(null, c.categoryId),
    }));
    const categories = await categoryNames(
      filter.organizationId,
      cells.map((c) => c.categoryId),
    );
    const { rows, days, total } = grid<(typeof cells)[number], ReportCategoryRow>(
      cells,
      periodDays(filter.dateFrom, filter.dateTo),
      ({ key, categoryId }) => ({
        key,
        classroomId: null,
        classroomName: null,
        categoryId,
        categoryName: categories.name(categoryId),
      }),
    );
    rows.sort((a, b) => categories.rank(a.categoryId) - categories.rank(b.categoryId));
    const report: CategoryReport = { categories: rows, days, total };
    return { report, heading: heading(M.categoryTitle), fileName: fileName(M.categorySheet) };
  };

  return {
    canteen: async (actor: Actor, q: CanteenReportQuery) => (await canteen(actor, q)).report,

    /** The canteen report as a sheet: the same rows and totals, the filters in its heading. */
    async canteenXlsx(actor: Actor, q: CanteenReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const { report, heading, fileName } = await canteen(actor, q);
      const [n, name, classroom, category, card, watch] = M.canteenColumns;
      const sheet = gridSheet<ReportPerson>(
        { name: M.canteenSheet, heading },
        [
          { header: n, width: 5, value: (_, i) => i + 1 },
          { header: name, width: 32, value: (u) => u.name },
          { header: classroom, width: 10, value: (u) => u.classroomName },
          { header: category, width: 16, value: (u) => u.categoryName },
          { header: card, width: 14, value: (u) => u.paymentCard },
          { header: watch, width: 14, value: (u) => u.watchName },
        ],
        report.users,
        report.days,
        report.total,
      );
      return { fileName, sheet };
    },

    byCategory: async (actor: Actor, q: CanteenReportQuery) => (await byCategory(actor, q)).report,

    /** The category report as a sheet: the same rows and totals, the filters in its heading. */
    async byCategoryXlsx(actor: Actor, q: CanteenReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const { report, heading, fileName } = await byCategory(actor, q);
      const sheet = gridSheet<ReportCategoryRow>(
        { name: M.categorySheet, heading },
        [{ header: M.categoryColumns[0], width: 24, value: (r) => r.categoryName }],
        report.categories,
        report.days,
        report.total,
      );
      return { fileName, sheet };
    },
  };
}
