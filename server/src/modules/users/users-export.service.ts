import { PUPIL_EXPORT, userMessages, worksWithPupilsOnly, type UserExportQuery } from '@tamaq/contract/users';
import { speaksKindergarten } from '@tamaq/contract/wording';
import type { Actor } from '../../platform/auth/actors.ts';
import { inScope, scopeOf } from '../../platform/auth/scope.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ruDate, safeFileName, type XlsxReport } from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import { createUsersRepository, userScope } from './users.repository.ts';
import { compareNames, nameForReader } from '../../platform/db/alphabet.ts';

/**
 * The pupils of a school or of a class as a sheet (the start of the year): by class in
 * number order, then by name, with IIN, food category and cards; the school, class and date in its
 * heading. Only inside the caller's scope: another organization's or school's is "not found".
 */
export function createUsersExportService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createUsersRepository(platform.db);

  return {
    async pupils(actor: Actor, q: UserExportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const scope = scopeOf(actor);
      const M = userMessages(actor.role);
      const W = speaksKindergarten(actor.role) ? PUPIL_EXPORT.kindergarten : PUPIL_EXPORT.school;
      const classroom = q.classroomId === undefined ? null : await repo.classroom(q.classroomId, scope);
      if (q.classroomId !== undefined && !classroom) throw notFound(M.classroomNotFound);
      const schoolId = classroom?.schoolId ?? q.schoolId ?? scope.schoolId;
      if (schoolId === undefined || schoolId === null) throw ValidationError.field('schoolId', W.chooseSchool);
      const school = await repo.findSchool(schoolId);
      if (!school || !inScope({ organizationId: school.organizationId, schoolId: school.id }, scope)) {
        throw notFound(M.schoolNotFound);
      }
      const [rows, org] = await Promise.all([
        repo.pupilsToExport(userScope(scope, worksWithPupilsOnly(actor.role)), school.id, classroom?.id ?? null),
        repo.findOrganization(school.organizationId),
      ]);
      rows.sort((a, b) => compareNames(a.classroomName, b.classroomName) || compareNames(a.name, b.name));
      const [n, name, iin, schoolTitle, classTitle, category, cards] = W.columns;
      const schoolName = nameForReader(school);
      const className = classroom ? nameForReader(classroom) : null;
      const today = ruDate(localDate(platform.now(), org?.timeZone));
      return {
        fileName: W.file(safeFileName(schoolName), className ? safeFileName(className) : null),
        sheet: {
          sheetName: W.sheet,
          heading: [W.title(schoolName, className), W.asOf(today)],
          columns: [
            { header: n, width: 6 },
            { header: name, width: 36 },
            { header: iin, width: 16, numFmt: '@' },
            { header: schoolTitle, width: 28 },
            { header: classTitle, width: 10 },
            { header: category, width: 22 },
            { header: cards, width: 18 },
          ],
          rows: rows.map((r, i) => [i + 1, r.name, r.iin, schoolName, r.classroomName, r.categoryName, r.cards]),
        },
      };
    },
  };
}
