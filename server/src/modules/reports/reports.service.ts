import { schoolRef } from '../../platform/db/places.ts';
import { namesOf } from '@tamaq/contract/names';
import {
  REPORT_MESSAGES as M,
  type SchoolStatistics,
  type StatisticsQuery,
  monthBounds,
  ANOMALIES_LISTED,
  type AnomalyQuery,
  type AnomalyReport,
  type WalletReport,
  type WalletReportQuery,
} from '@tamaq/contract/reports';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import type { Actor } from '../../platform/auth/actors.ts';
import { ownOrganization } from '../../platform/catalogue.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { safeFileName, type XlsxReport } from '../../platform/spreadsheet.ts';
import { createCanteenReports } from './canteen-reports.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createSchoolReports } from './school-reports.ts';
import { monthName, walletReport, walletSheet } from './wallet-report.ts';
import { createSchoolCalendars } from '../calendar/school-calendar.ts';
import { dueOn, gradeOf, isServed } from '../calendar/school-year.ts';

/**
 * The reports: visits counted by calendar day in the organization, on screen and as .xlsx. The
 * canteen's and a school's grids are their own modules; the wallet, the anomalies and the
 * statistics are here.
 */
/** An average of ratings to one decimal, as a school reads it; null when nobody rated. */
const averageOf = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : null;

export function createReportsService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createReportsRepository(platform.db);
  const calendars = createSchoolCalendars(platform.db);

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
    // The school's working days of the month; those still to come are not due yet: the month in
    // progress is counted up to today.
    const today = localDate(platform.now(), timeZone ?? DEFAULT_TIME_ZONE);
    const calendar = (await calendars.forSchool(school.id, from, to))!;
    const days = calendar.days.filter((d) => isServed(d.kind)).map((d) => d.date);
    const rows = await repo.walletDueDays(
      school.id,
      days.filter((d) => d <= today),
    );
    const due = rows.filter((r) => dueOn(calendar.day(r.day)!, gradeOf(r.classroomName)));
    return walletReport(school, q.month, days, due);
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
        school: schoolRef(r.schoolId, r),
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
    ...createCanteenReports(repo),
    ...createSchoolReports(repo),
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
      // Due: each social-wallet pupil on each working day of their school their wallet dates cover,
      // the grades' vacations left out (docs/rules.md "The school's year"), a portion per meal paid.
      const bySchool = await calendars.of(
        rows.map((r) => r.id),
        q.dateFrom,
        q.dateTo,
      );
      const due = new Map<number, number>();
      for (const r of rows) {
        const calendar = bySchool.get(r.id)!;
        const days = calendar.days.filter((d) => isServed(d.kind)).map((d) => d.date);
        let n = 0;
        for (const c of await repo.walletDueCounts(r.id, days))
          if (dueOn(calendar.day(c.day)!, gradeOf(c.classroomName))) n += c.portions;
        due.set(r.id, n);
      }
      const out = rows.map((r) => ({
        school: { id: r.id, ...namesOf(r) },
        parents_total: r.parents,
        students_total: r.students,
        students_with_parents_total: r.withParents,
        students_with_susn_total: r.sw,
        servings_received_total: due.get(r.id)!,
        servings_received: r.served,
        ratings_total: r.ratings,
        rating_average: averageOf(r.ratingSum, r.ratings),
      }));
      const sum = (pick: (r: (typeof out)[number]) => number) => out.reduce((n, r) => n + pick(r), 0);
      return {
        schools: out.length,
        parents_total: parents,
        students_total: sum((r) => r.students_total),
        students_with_parents_total: sum((r) => r.students_with_parents_total),
        students_with_susn_total: sum((r) => r.students_with_susn_total),
        servings_received_total: sum((r) => r.servings_received_total),
        servings_received: sum((r) => r.servings_received),
        ratings_total: sum((r) => r.ratings_total),
        rating_average: averageOf(
          rows.reduce((n, r) => n + r.ratingSum, 0),
          rows.reduce((n, r) => n + r.ratings, 0),
        ),
        rows: out,
      };
    },
  };
}
