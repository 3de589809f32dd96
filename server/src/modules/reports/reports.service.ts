import {
  REPORT_MESSAGES as M,
  categoryRowKey,
  dayName,
  periodDays,
  reportRowKey,
  type CanteenReportQuery,
  type CategoryReport,
  type FixationReport,
  type ReportCategoryRow,
  type ReportDay,
  type ReportPerson,
  schoolDays,
  type ClassReportQuery,
  type SchoolStatistics,
  type StatisticsQuery,
  type SchoolReportQuery,
  monthBounds,
  ANOMALIES_LISTED,
  type AnomalyQuery,
  type AnomalyReport,
  type WalletReport,
  type WalletReportQuery,
} from '@tamaq/contract/reports';
import type { Actor } from '../../platform/auth/actors.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import { localDate } from '../../platform/time.ts';
import { safeFileName, type XlsxColumn, type XlsxReport } from '../../platform/spreadsheet.ts';
import { createReportsRepository } from './reports.repository.ts';
import { monthName, walletReport, walletSheet } from './wallet-report.ts';

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

const collator = new Intl.Collator('ru', { numeric: true });
const period = (from: string, to: string) => `${dayName(from, true)}–${dayName(to, true)}`;
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
function grid<C extends GridCell, R extends { key: string; total: number }>(
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
function gridSheet<R extends { key: string; total: number }>(
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

/** Spec 2 "Reports": visits counted by calendar day in the organization, on screen and as .xlsx. */
export function createReportsService(platform: Pick<Platform, 'db' | 'now'>) {
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
        collator.compare(a.name, b.name) ||
        a.id - b.id ||
        categories.rank(a.categoryId) - categories.rank(b.categoryId),
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

  /** The school (the locked user's own; else the one asked for), a class of it, food categories. */
  const schoolFilter = async (actor: Actor, q: SchoolReportQuery, schoolField = 'canteenId') => {
    const organizationId = ownOrganization(actor);
    const asked = q.canteenId ?? q.schoolId ?? null;
    if (actor.schoolId !== null && asked !== null && asked !== actor.schoolId) throw notFound(M.schoolNotFound);
    const schoolId = actor.schoolId ?? asked;
    if (schoolId === null) throw ValidationError.field(schoolField, M.chooseSchool);
    const categoryIds = [...new Set(q.categoriesIds)];
    const [school, classroom, categories] = await Promise.all([
      repo.school(organizationId, actor.schoolId, schoolId),
      q.classroomId !== undefined ? repo.classroom(schoolId, q.classroomId) : Promise.resolve(null),
      categoryIds.length ? repo.foodCategories(organizationId, categoryIds) : Promise.resolve([]),
    ]);
    if (!school) throw notFound(M.schoolNotFound);
    if (q.classroomId !== undefined && !classroom) throw notFound(M.classroomNotFound);
    if (categories.length !== categoryIds.length) throw notFound(M.foodCategoryNotFound);
    const when = period(q.dateFrom, q.dateTo);
    return {
      filter: {
        organizationId,
        schoolId: school.id,
        classroomId: classroom?.id ?? null,
        dateFrom: q.dateFrom,
        dateTo: q.dateTo,
        categoryIds,
      },
      heading: [
        M.schoolTitle(school.name, when),
        ...(classroom ? [M.classroomLine(classroom.name)] : []),
        M.categoriesLine(categories.length ? categories.map((c) => c.name).join(', ') : M.allCategories),
      ],
      fileName: `${M.schoolSheet} ${safeFileName(school.name)}${classroom ? ` ${safeFileName(classroom.name)}` : ''} ${when}.xlsx`,
      /** The class report's heading and file: the school and the period. */
      classes: {
        heading: [M.classTitle(school.name, when)],
        fileName: `${M.classSheet} ${safeFileName(school.name)} ${when}.xlsx`,
      },
    };
  };

  /**
   * `/report/school/fixations`: which pupils ate at the school on each day of the period, a row per
   * pupil and food category (the visit's own, so a change of category mid-month is two rows), by
   * class and then by name.
   */
  const school = async (actor: Actor, q: SchoolReportQuery) => {
    const { filter, heading, fileName } = await schoolFilter(actor, q);
    const grid = await repo.schoolGrid(filter);
    const byDate = new Map(grid.days.map((d) => [d.date, d]));
    const days = periodDays(filter.dateFrom, filter.dateTo).map((date) => {
      const d = byDate.get(date);
      return { date, name: dayName(date), cells: d?.cells ?? '{}', total: d?.total ?? 0 };
    });
    const users: ReportPerson[] = grid.rows.map(([id, categoryId, total, name, classroomName, category, cards]) => ({
      key: reportRowKey(id, categoryId),
      id,
      name,
      classroomName,
      categoryName: category ?? M.noCategory,
      categoryId,
      paymentCard: cards,
      watchName: null,
      total,
    }));
    // By class in number order, then by name: the classes ranked once, not compared in every step.
    const classes = [...new Set(users.map((r) => r.classroomName ?? ''))].sort(collator.compare);
    const rank = new Map(classes.map((c, i) => [c, i]));
    users.sort(
      (a, b) =>
        rank.get(a.classroomName ?? '')! - rank.get(b.classroomName ?? '')! ||
        collator.compare(a.name, b.name) ||
        a.id - b.id ||
        collator.compare(a.categoryName, b.categoryName),
    );
    const total = days.reduce((n, d) => n + d.total, 0);
    return { days, users, total, heading, fileName };
  };

  /**
   * The school report as the JSON text of a `FixationReport`: each day's cells go into it as the
   * database wrote them (a 2,000-pupil school's month is 44,000 of them, most of the answer).
   */
  const schoolJson = async (actor: Actor, q: SchoolReportQuery): Promise<Iterable<string>> => {
    const { days, users, total } = await school(actor, q);
    // In parts, made as they are sent: the answer is never one string of megabytes.
    return (function* () {
      yield '{"days":[';
      for (const [i, d] of days.entries()) {
        yield `${i > 0 ? ',' : ''}{"date":"${d.date}","name":${JSON.stringify(d.name)},"rows":${d.cells},"total":${d.total}}`;
      }
      yield `],"users":${JSON.stringify(users)},"total":${total}}`;
    })();
  };

  /**
   * `/report/school/classroom/fixations`: a school's portions by class and food category (the
   * visit's own) and day, classes in number order.
   */
  const byClass = async (actor: Actor, q: ClassReportQuery) => {
    const { filter, classes } = await schoolFilter(
      actor,
      {
        canteenId: q.schoolId ?? q.canteenId,
        dateFrom: q.dateFrom,
        dateTo: q.dateTo,
        categoriesIds: [],
        export: q.export,
      },
      'schoolId',
    );
    const cells = (await repo.classCells(filter)).map((c) => ({
      ...c,
      key: categoryRowKey(c.classroomId, c.categoryId),
    }));
    const { rows, days, total } = grid<(typeof cells)[number], ReportCategoryRow>(
      cells,
      periodDays(filter.dateFrom, filter.dateTo),
      ({ key, classroomId, classroomName, categoryId, categoryName }) => ({
        key,
        classroomId,
        classroomName,
        categoryId,
        categoryName: categoryName ?? M.noCategory,
      }),
    );
    rows.sort(
      (a, b) =>
        collator.compare(a.classroomName ?? '', b.classroomName ?? '') ||
        (a.classroomId ?? 0) - (b.classroomId ?? 0) ||
        collator.compare(a.categoryName, b.categoryName),
    );
    const report: CategoryReport = { categories: rows, days, total };
    return { report, ...classes };
  };

  /** The social wallet reconciliation of a school (a locked user's own) and a month. */
  const wallet = async (actor: Actor, q: WalletReportQuery): Promise<WalletReport> => {
    const organizationId = ownOrganization(actor);
    if (actor.schoolId !== null && q.schoolId !== undefined && q.schoolId !== actor.schoolId)
      throw notFound(M.schoolNotFound);
    const schoolId = actor.schoolId ?? q.schoolId;
    if (schoolId === undefined) throw ValidationError.field('schoolId', M.chooseSchool);
    const [school, timeZone] = await Promise.all([
      repo.school(organizationId, actor.schoolId, schoolId),
      repo.timeZone(organizationId),
    ]);
    if (!school) throw notFound(M.schoolNotFound);
    const { from, to } = monthBounds(q.month);
    // Days still to come are not due yet: the month in progress is counted up to today.
    const today = localDate(platform.now(), timeZone ?? DEFAULT_TIME_ZONE);
    const due = from <= today ? await repo.walletDueDays(school.id, from, to < today ? to : today) : [];
    return walletReport(school, q.month, due);
  };

  /** The anomalies of the organization's period: a school-locked user's school, or one asked for. */
  const anomalies = async (actor: Actor, q: AnomalyQuery): Promise<AnomalyReport> => {
    const organizationId = ownOrganization(actor);
    if (actor.schoolId !== null && q.schoolId !== undefined && q.schoolId !== actor.schoolId)
      throw notFound(M.schoolNotFound);
    const schoolId = actor.schoolId ?? q.schoolId ?? null;
    if (schoolId !== null && !(await repo.school(organizationId, actor.schoolId, schoolId)))
      throw notFound(M.schoolNotFound);
    const found = await repo.anomalies(organizationId, schoolId, q.dateFrom, q.dateTo, ANOMALIES_LISTED);
    const iso = (at: Date | string) => new Date(at).toISOString();
    return {
      cardTwice: found.twice.map((r) => ({
        card: r.card,
        user: { id: r.userId, name: r.userName },
        first: { at: iso(r.firstAt), place: { kind: r.firstKind, id: r.firstId, name: r.firstName } },
        second: { at: iso(r.secondAt), place: { kind: r.secondKind, id: r.secondId, name: r.secondName } },
        minutes: Math.floor((Date.parse(iso(r.secondAt)) - Date.parse(iso(r.firstAt))) / 60_000),
      })),
      crowdedClasses: found.crowded.map((r) => ({
        date: r.date,
        school: { id: r.schoolId, name: r.schoolName },
        classroom: { id: r.classroomId, name: r.classroomName },
        category: r.category,
        visits: Number(r.visits),
        pupils: Number(r.pupils),
      })),
      manualOutside: found.manual.map((r) => ({
        id: Number(r.id),
        at: iso(r.at),
        user: { id: r.userId, name: r.userName },
        place: { kind: r.kind, id: r.placeId, name: r.placeName },
        markedBy: r.markedBy,
      })),
      limit: ANOMALIES_LISTED,
    };
  };

  return {
    wallet,
    anomalies,

    /** The reconciliation as a sheet, with the signature lines. */
    async walletXlsx(actor: Actor, q: WalletReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const report = await wallet(actor, q);
      const fileName = `${M.walletSheet} ${safeFileName(report.school.name)} ${monthName(report.month)}.xlsx`;
      return { fileName, sheet: walletSheet(report) };
    },

    /**
     * `/report/school/statistics`: the organization's schools (a locked user's own; one asked for),
     * their pupils, social-wallet pupils, parents, portions due and served, and the sums.
     */
    async statistics(actor: Actor, q: StatisticsQuery): Promise<SchoolStatistics> {
      const organizationId = ownOrganization(actor);
      const asked = q.schoolId ?? q.canteenId ?? null;
      if (actor.schoolId !== null && asked !== null && asked !== actor.schoolId) throw notFound(M.schoolNotFound);
      const schoolId = actor.schoolId ?? asked;
      const { rows, parents } = await repo.statistics(organizationId, schoolId, q.dateFrom, q.dateTo);
      if (schoolId !== null && rows.length === 0) throw notFound(M.schoolNotFound);
      const days = schoolDays(q.dateFrom, q.dateTo);
      const out = rows.map((r) => ({
        school: { id: r.id, name: r.name },
        parents_total: r.parents,
        students_total: r.students,
        students_with_susn_total: r.sw,
        servings_received_total: r.sw * days,
        servings_received: r.served,
      }));
      const sum = (pick: (r: (typeof out)[number]) => number) => out.reduce((n, r) => n + pick(r), 0);
      return {
        schools: out.length,
        parents_total: parents,
        students_total: sum((r) => r.students_total),
        students_with_susn_total: sum((r) => r.students_with_susn_total),
        servings_received_total: sum((r) => r.servings_received_total),
        servings_received: sum((r) => r.servings_received),
        rows: out,
      };
    },

    byClass: async (actor: Actor, q: ClassReportQuery) => (await byClass(actor, q)).report,

    /** The class report as a sheet: the same rows and totals, the school and period in its heading. */
    async byClassXlsx(actor: Actor, q: ClassReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const { report, heading, fileName } = await byClass(actor, q);
      const [classroom, category] = M.classColumns;
      const sheet = gridSheet<ReportCategoryRow>(
        { name: M.classSheet, heading },
        [
          { header: classroom, width: 12, value: (r) => r.classroomName },
          { header: category, width: 20, value: (r) => r.categoryName },
        ],
        report.categories,
        report.days,
        report.total,
      );
      return { fileName, sheet };
    },

    schoolJson,

    /** The school report as a sheet: the same rows and totals, the filters in its heading. */
    async schoolXlsx(actor: Actor, q: SchoolReportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const { days, users, total, heading, fileName } = await school(actor, q);
      const [n, name, classroom, category, card] = M.schoolColumns;
      // The days' cells go to the workbook's worker as the database wrote them: it parses them and
      // lays out the rows, not the thread that answers the scans.
      const sheet: XlsxReport = {
        sheetName: M.schoolSheet,
        heading,
        columns: [
          { header: n, width: 5 },
          { header: name, width: 32 },
          { header: classroom, width: 10 },
          { header: category, width: 16 },
          { header: card, width: 14 },
          ...days.map((d) => ({ header: d.name, width: 6 })),
          { header: M.totals, width: 8 },
        ],
        rows: [],
        grid: {
          labels: users.map((u, i) => [i + 1, u.name, u.classroomName, u.categoryName, u.paymentCard]),
          keys: users.map((u) => u.key),
          totals: users.map((u) => u.total),
          days: days.map((d) => d.cells),
        },
        footer: [[M.totals, null, null, null, null, ...days.map((d) => d.total), total]],
      };
      return { fileName, sheet };
    },

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
