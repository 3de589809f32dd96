import { namesOf } from '@tamaq/contract/names';
import {
  ABSENCE_DAYS_AHEAD,
  ABSENCE_IMPORT_TITLES as T,
  ABSENCE_MESSAGES as M,
  type AbsenceList,
  type AbsenceQuery,
  type AbsenceSave,
  type AbsenceSaved,
  type AbsenceUploadQuery,
} from '@tamaq/contract/absences';
import { IMPORT_MAX_MESSAGES, IMPORT_MESSAGES, type RowsImportResult } from '@tamaq/contract/imports';
import { translate, type Language } from '@tamaq/contract/languages';
import { makeIin } from '@tamaq/contract/kz-id';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { classroomInScope, schoolInScope } from '../../platform/db/places.ts';
import {
  parseSpreadsheet,
  readTable,
  RowErrors,
  type ImportTemplate,
  type SheetFile,
} from '../../platform/spreadsheet.ts';
import { dryRun, rejectedOf, rejectedWorkbook } from '../../platform/import-rows.ts';
import type { Db } from '../../platform/db/client.ts';
import { writeNotices } from '../../platform/db/notices.ts';
import { importDate, key, normaliseIin } from '../users/users-import-rows.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { createSchoolCalendars } from '../calendar/school-calendar.ts';
import { addDays, isServed } from '../calendar/school-year.ts';
import { createAbsencesRepository } from './absences.repository.ts';

/**
 * Absences (docs/rules.md "Absences"): a class's marks of a day, set exactly as saved, on the
 * school's working days only; audited.
 */
export function createAbsencesService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createAbsencesRepository(platform.db);
  const calendars = createSchoolCalendars(platform.db);

  const classroomOf = async (actor: Actor, id: number) => {
    const classroom = await classroomInScope(platform.db, scopeOf(actor), id);
    if (!classroom) throw notFound(M.classroomNotFound);
    return classroom;
  };
  const dayOf = async (schoolId: number, date: string) => {
    const calendar = await calendars.forSchool(schoolId, date, date);
    return calendar!.days[0]!;
  };

  /** 2026-12-16 → 16.12.2026, as the school reads a date. */
  const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

  /** The file's rows read and checked: each pupil's day, and each problem with its row. */
  const readImport = async (actor: Actor, schoolId: number, sheet: string[][]) => {
    const school = await schoolInScope(platform.db, scopeOf(actor), schoolId);
    if (!school) throw notFound(M.schoolNotFound);
    const errors = new RowErrors();
    const table = readTable(
      sheet,
      [
        { key: 'name', titles: T.name, required: false },
        { key: 'iin', titles: T.iin, required: false },
        { key: 'classroom', titles: T.classroom, required: false },
        { key: 'date', titles: T.date, required: true },
      ],
      errors,
    );
    const pupils = await repo.pupilsOfSchool(school.id);
    const byIin = new Map(pupils.filter((p) => p.iin).map((p) => [p.iin!, p]));
    const byName = new Map<string, typeof pupils>();
    for (const p of pupils) byName.set(key(p.name), [...(byName.get(key(p.name)) ?? []), p]);
    const seen = new Map<string, number>();
    const rows: { line: number; userId: number; date: string }[] = [];
    for (const { line, values } of table) {
      const date = importDate(values.date);
      if (!date) errors.add(line, M.importDate);
      const iin = normaliseIin(values.iin ?? '');
      let pupil: (typeof pupils)[number] | undefined;
      if (iin) {
        pupil = byIin.get(iin);
        if (!pupil) errors.add(line, M.importNoPupil);
      } else if ((values.name ?? '').trim()) {
        const classroom = key(values.classroom ?? '');
        const named = (byName.get(key(values.name)) ?? []).filter(
          (p) => !classroom || key(p.classroomName) === classroom,
        );
        if (named.length === 1) pupil = named[0];
        else errors.add(line, named.length ? M.importSeveral : M.importNoPupil);
      } else errors.add(line, M.importWho);
      if (!pupil || !date) continue;
      const first = seen.get(`${pupil.id} ${date}`);
      if (first !== undefined) {
        errors.add(line, M.importRepeat(first));
        continue;
      }
      seen.set(`${pupil.id} ${date}`, line);
      rows.push({ line, userId: pupil.id, date });
    }
    if (rows.length) {
      const dates = rows.map((r) => r.date).sort();
      const calendar = await calendars.forSchool(school.id, dates[0]!, dates.at(-1)!);
      const today = localDate(platform.now(), school.timeZone ?? undefined);
      for (const r of rows) {
        if (r.date > addDays(today, ABSENCE_DAYS_AHEAD)) errors.add(r.line, M.importTooFar(shown(r.date)));
        else if (!isServed(calendar!.day(r.date)!.kind)) errors.add(r.line, M.importNotSchoolDay(shown(r.date)));
      }
    }
    return { school, rows, errors };
  };

  return {
    /**
     * The e-journal's absences (docs/rules.md "Absences"): every row checked first, any problem
     * refuses the file with its rows (unless `rows=valid`: the others are loaded, or `mode=check`:
     * nothing is written); otherwise the marks not there yet are added in one transaction
     * (those already there are listed as skipped), audited.
     */
    async importFile(
      actor: Actor,
      q: AbsenceUploadQuery,
      file: Buffer,
      language: Language = 'ru',
    ): Promise<RowsImportResult> {
      const { school, rows: read, errors } = await readImport(actor, q.schoolId, await parseSpreadsheet(file));
      // Lenient: a check, or a write of the valid rows only, sets the rows with a problem aside.
      const lenient = q.mode === 'check' || q.rows === 'valid';
      if (!lenient) errors.throwIfAny();
      const rejected = rejectedOf(errors, language);
      const bad = errors.lines();
      const rows = read.filter((r) => !bad.has(r.line));
      const write = async (tx: Db): Promise<RowsImportResult> => {
        const added = await repo.addNew(
          rows.map((r) => ({
            organizationId: school.organizationId,
            schoolId: school.id,
            userId: r.userId,
            date: r.date,
            markedById: actor.userId,
          })),
          tx,
        );
        await writeNotices(tx, {
          event: 'absent',
          organizationId: school.organizationId,
          at: platform.now(),
          items: added.map((a) => ({ pupilId: a.userId, data: { date: a.date, schoolId: school.id } })),
        });
        const fresh = new Set(added.map((a) => `${a.userId} ${a.date}`));
        const skipped = rows
          .filter((r) => !fresh.has(`${r.userId} ${r.date}`))
          .slice(0, IMPORT_MAX_MESSAGES)
          .map((r) => IMPORT_MESSAGES.row(r.line, M.importAlready));
        if (added.length)
          await audit(tx, actor, {
            action: 'absences_import',
            entity: 'school',
            entityId: school.id,
            organizationId: school.organizationId,
            after: {
              added: added.length,
              from: rows.map((r) => r.date).sort()[0],
              to: rows
                .map((r) => r.date)
                .sort()
                .at(-1),
            },
          });
        const listed = [
          ...(q.mode === 'check' ? [] : (rejected?.messages ?? [])),
          ...skipped.map((m) => translate(m, language)),
        ];
        return {
          imported: added.length,
          created: added.length,
          updated: 0,
          ...(listed.length ? { skipped: listed } : {}),
          ...(lenient ? { rejected_rows: rejected?.rows ?? 0 } : {}),
          ...(q.mode === 'check' && rejected ? { rejected: rejected.messages } : {}),
        };
      };
      return q.mode === 'check' ? dryRun(platform.db, write) : platform.db.transaction(write);
    },

    /** The rows of the file that would not import, with their reasons: the file to correct. Nothing is written. */
    async rejectedRows(actor: Actor, schoolId: number, file: Buffer, language: Language): Promise<SheetFile> {
      const sheet = await parseSpreadsheet(file);
      const { errors } = await readImport(actor, schoolId, sheet);
      return rejectedWorkbook(sheet, errors, language);
    },

    /** The import template: the columns read, an example on a sheet of its own. */
    template(): ImportTemplate {
      return {
        fileName: `${M.template}.xlsx`,
        sheetName: M.sheet,
        columns: [
          { header: T.name[0], width: 32 },
          { header: T.iin[0], width: 16 },
          { header: T.classroom[0], width: 10 },
          { header: T.date[0], width: 14 },
        ],
        examples: [
          ['Ахметова Дана Ерланқызы', makeIin('120315', 5, 1), '5 А', '02.12.2026'],
          ['Сериков Ерлан', '', '3 Б', '03.12.2026'],
        ],
      };
    },

    async list(actor: Actor, q: AbsenceQuery): Promise<AbsenceList> {
      const classroom = await classroomOf(actor, q.classroomId);
      const [day, pupils] = await Promise.all([dayOf(classroom.schoolId, q.date), repo.pupils(classroom.id, q.date)]);
      return {
        classroom: { id: classroom.id, ...namesOf(classroom), school_id: classroom.schoolId },
        date: q.date,
        day: { kind: day.kind, name: day.name, name_kk: day.nameKk },
        pupils: pupils.map((p) => ({
          id: p.id,
          name: p.name,
          absent: p.absent,
          ate_at: p.ate_at === null ? null : new Date(p.ate_at).toISOString(),
        })),
      };
    },

    async save(actor: Actor, body: AbsenceSave): Promise<AbsenceSaved> {
      const classroom = await classroomOf(actor, body.classroom_id);
      const today = localDate(
        platform.now(),
        (await organizationTimeZone(platform.db, classroom.organizationId)) ?? undefined,
      );
      if (body.date > addDays(today, ABSENCE_DAYS_AHEAD)) throw ValidationError.field('date', M.tooFar);
      if (!isServed((await dayOf(classroom.schoolId, body.date)).kind))
        throw ValidationError.field('date', M.notSchoolDay);
      return platform.db.transaction(async (tx) => {
        const pupils = new Set((await repo.lockPupils(classroom.id, tx)).map((p) => p.id));
        const wanted = new Set(body.absent_ids);
        if ([...wanted].some((id) => !pupils.has(id))) throw ValidationError.field('absent_ids', M.notInClass);
        const before = new Set(await repo.marked([...pupils], body.date, tx));
        const added = [...wanted].filter((id) => !before.has(id));
        const removed = [...before].filter((id) => !wanted.has(id));
        await repo.remove(removed, body.date, tx);
        await repo.add(
          added.map((userId) => ({
            organizationId: classroom.organizationId,
            schoolId: classroom.schoolId,
            userId,
            date: body.date,
            markedById: actor.userId,
          })),
          tx,
        );
        await writeNotices(tx, {
          event: 'absent',
          organizationId: classroom.organizationId,
          at: platform.now(),
          items: added.map((userId) => ({ pupilId: userId, data: { date: body.date, schoolId: classroom.schoolId } })),
        });
        if (added.length || removed.length)
          await audit(tx, actor, {
            action: 'absences_set',
            entity: 'classroom',
            entityId: classroom.id,
            organizationId: classroom.organizationId,
            after: { date: body.date, added, removed },
          });
        return { absent: wanted.size, added: added.length, removed: removed.length };
      });
    },
  };
}
