import {
  REPORT_MESSAGES as M,
  categoryRowKey,
  dayName,
  periodDays,
  reportRowKey,
  type CategoryReport,
  type ClassReportQuery,
  type ReportCategoryRow,
  type ReportPerson,
  type SchoolReportQuery,
} from '@tamaq/contract/reports';
import type { Actor } from '../../platform/auth/actors.ts';
import { ownOrganization } from '../../platform/catalogue.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import { safeFileName, type XlsxReport } from '../../platform/spreadsheet.ts';
import { compareNames, nameForReader } from '../../platform/db/alphabet.ts';
import { grid, gridSheet, period } from './report-grid.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** A school's reports: pupils × days, and classes × days; on screen and as .xlsx. */
export function createSchoolReports(repo: ReportsRepository) {
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
      q.classroomId !== undefined
        ? repo.classroom(organizationId, actor.schoolId, schoolId, q.classroomId)
        : Promise.resolve(null),
      categoryIds.length ? repo.foodCategories(organizationId, categoryIds) : Promise.resolve([]),
    ]);
    if (!school) throw notFound(M.schoolNotFound);
    if (q.classroomId !== undefined && !classroom) throw notFound(M.classroomNotFound);
    if (categories.length !== categoryIds.length) throw notFound(M.foodCategoryNotFound);
    const when = period(q.dateFrom, q.dateTo);
    const schoolName = nameForReader(school);
    const className = classroom ? nameForReader(classroom) : null;
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
        M.schoolTitle(schoolName, when),
        ...(className ? [M.classroomLine(className)] : []),
        M.categoriesLine(categories.length ? categories.map((c) => c.name).join(', ') : M.allCategories),
      ],
      fileName: `${M.schoolSheet} ${safeFileName(schoolName)}${className ? ` ${safeFileName(className)}` : ''} ${when}.xlsx`,
      /** The class report's heading and file: the school and the period. */
      classes: {
        heading: [M.classTitle(schoolName, when)],
        fileName: `${M.classSheet} ${safeFileName(schoolName)} ${when}.xlsx`,
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
    const classes = [...new Set(users.map((r) => r.classroomName ?? ''))].sort(compareNames);
    const rank = new Map(classes.map((c, i) => [c, i]));
    users.sort(
      (a, b) =>
        rank.get(a.classroomName ?? '')! - rank.get(b.classroomName ?? '')! ||
        compareNames(a.name, b.name) ||
        a.id - b.id ||
        compareNames(a.categoryName, b.categoryName),
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
        compareNames(a.classroomName ?? '', b.classroomName ?? '') ||
        (a.classroomId ?? 0) - (b.classroomId ?? 0) ||
        compareNames(a.categoryName, b.categoryName),
    );
    const report: CategoryReport = { categories: rows, days, total };
    return { report, ...classes };
  };

  return {
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
  };
}
