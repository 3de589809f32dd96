import { schoolRef } from '../../platform/db/places.ts';
import {
  CLASSROOM_IMPORT_TITLES,
  CLASSROOM_SHIFT_TITLES,
  CLASSROOM_NAME_MAX,
  CLASSROOM_SHEET,
  classroomMessages,
  type Classroom,
  type ClassroomCreate,
  type ClassroomList,
  type ClassroomListQuery,
  type ClassroomUpdate,
} from '@tamaq/contract/classrooms';
import type { Ok } from '@tamaq/contract/common';
import { IMPORT_MAX_MESSAGES, IMPORT_MESSAGES, type ImportResult } from '@tamaq/contract/imports';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { isForeignKeyViolation, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import {
  parseSpreadsheet,
  readTable,
  EXCEL_DATE,
  excelDate,
  RowErrors,
  safeFileName,
} from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createClassroomsRepository, type ClassroomRow } from './classrooms.repository.ts';
import { createPromotion, sameName } from './classrooms-promotion.ts';

export { planPromotion } from './classrooms-promotion.ts';

const NAME_KEY = 'classrooms_school_name_key';
const toClassroom = (row: ClassroomRow): Classroom => ({
  id: row.id,
  schoolId: row.schoolId,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  school: schoolRef(row.schoolId, row),
  shift: row.shift,
  pupils_count: row.pupilsCount,
});

const sheetWords = (actor: Actor) =>
  actor.role === 'EducationKindergartenAdmin' ? CLASSROOM_SHEET.kindergarten : CLASSROOM_SHEET.school;

/**
 * Classes of a school (a kindergarten's groups). The school of every write must be one the actor
 * sees; a class name is unique in its school whatever the letter case.
 */
export function createClassroomsService(platform: Pick<Platform, 'actors' | 'db' | 'now'>, schools: SchoolsService) {
  const repo = createClassroomsRepository(platform.db);

  const visible = async (actor: Actor, id: number, tx?: Db) => {
    const row = await repo.find(scopeOf(actor), id, tx);
    if (!row) throw notFound(classroomMessages(actor.role).notFound);
    return row;
  };

  /** The school a body names: one the actor does not see is a mistake in that field (422). */
  const schoolFor = async (actor: Actor, schoolId: number) => {
    const school = await schools.findVisible(actor, schoolId);
    if (!school) throw ValidationError.field('schoolId', classroomMessages(actor.role).schoolNotFound);
    return school;
  };

  /** The school a query or path names: one the actor does not see answers 404 like a missing one. */
  const schoolOf = async (actor: Actor, schoolId: number) => {
    const school = await schools.findVisible(actor, schoolId);
    if (!school) throw notFound(classroomMessages(actor.role).schoolNotFound);
    return school;
  };

  /** A write that hits the unique name or a school removed meanwhile answers on its field. */
  const saving = async <T>(actor: Actor, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      const M = classroomMessages(actor.role);
      if (isUniqueViolation(err, NAME_KEY)) throw ValidationError.field('name', M.nameTaken);
      if (isForeignKeyViolation(err)) throw ValidationError.field('schoolId', M.schoolNotFound);
      throw err;
    }
  };

  /**
   * Refuses a name another live class of the school has in other letters (422 on `name`): «5 В»
   * beside «5 «В»» would be two classes that an import and a person read as one.
   */
  const nameFree = async (actor: Actor, schoolId: number, name: string, self: number | null, tx: Db) => {
    const key = sameName(name);
    const taken = (await repo.namesOf(schoolId, tx)).some((c) => c.id !== self && sameName(c.name) === key);
    if (taken) throw ValidationError.field('name', classroomMessages(actor.role).nameTaken);
  };

  return {
    ...createPromotion(platform, repo, schoolFor),

    async list(actor: Actor, query: ClassroomListQuery): Promise<ClassroomList> {
      const scope = scopeOf(actor);
      if (query.schoolId !== undefined) await schoolOf(actor, query.schoolId);
      const { total, rows } = await repo.list(scope, {
        query: query.query || undefined,
        schoolId: query.schoolId,
        organizationId: scope.all ? query.organizationId : undefined,
        limit: query.limit,
        offset: query.offset,
      });
      return { total, rows: rows.map(toClassroom) };
    },

    get: async (actor: Actor, id: number): Promise<Classroom> => toClassroom(await visible(actor, id)),

    async create(actor: Actor, body: ClassroomCreate): Promise<Classroom> {
      const school = await schoolFor(actor, body.schoolId);
      const id = await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          await nameFree(actor, school.id, body.name, null, tx);
          return repo.insert(
            { organizationId: school.organizationId, schoolId: school.id, name: body.name, shift: body.shift ?? 1 },
            tx,
          );
        }),
      );
      return toClassroom(await visible(actor, id));
    },

    /** A class moved to another school of the organization takes its pupils along. */
    async update(actor: Actor, body: ClassroomUpdate): Promise<Classroom> {
      const current = await visible(actor, body.id);
      const school = await schoolFor(actor, body.schoolId);
      await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          await nameFree(actor, school.id, body.name, body.id, tx);
          await repo.update(body.id, { schoolId: school.id, name: body.name, shift: body.shift ?? current.shift }, tx);
          if (school.id !== current.schoolId) await repo.movePupils(body.id, school.id, tx);
        }),
      );
      return toClassroom(await visible(actor, body.id));
    },

    /** Refused while the class has pupils or meal history. */
    async remove(actor: Actor, id: number): Promise<Ok> {
      const M = classroomMessages(actor.role);
      return retire(platform.db, actor, {
        // Inside the transaction, so the class read is the one the delete then decides on.
        find: (tx) => visible(actor, id, tx),
        notFound: M.notFound,
        refuse: async (tx) => {
          const refs = await repo.references(id, tx);
          return refs.pupil ? M.hasPupils : refs.visit ? M.hasHistory : null;
        },
        retire: async (tx) => {
          await repo.detachRemovedUsers(id, tx);
          await repo.delete(id, tx);
        },
        onReference: M.hasHistory,
        audit: {
          action: 'classroom_delete',
          entity: 'classroom',
          id,
          organizationId: (r) => r.organizationId,
          before: toClassroom,
        },
      });
    },

    /**
     * One class per row: its name and, at a school, its shift («Смена», 1 or 2; empty: the first).
     * Names the school already has are skipped, each listed with its row, unless the row gives
     * another shift, which the class then takes (an update); a name repeated in the file is an error
     * of the later row; any error refuses the whole file.
     */
    async importFile(actor: Actor, schoolId: number, file: Buffer): Promise<ImportResult> {
      const school = await schoolOf(actor, schoolId);
      const M = classroomMessages(actor.role);
      const withShift = actor.role !== 'EducationKindergartenAdmin';
      const errors = new RowErrors();
      const rows = readTable(
        await parseSpreadsheet(file),
        [
          { key: 'name', titles: CLASSROOM_IMPORT_TITLES, required: true },
          ...(withShift ? [{ key: 'shift' as const, titles: CLASSROOM_SHIFT_TITLES, required: false }] : []),
        ],
        errors,
      );
      const seen = new Map<string, number>();
      const named: { line: number; name: string; shift: number | null }[] = [];
      for (const { line, values } of rows) {
        const name = values.name;
        if (!name) {
          errors.add(line, M.importNameMissing);
          continue;
        }
        if (name.length > CLASSROOM_NAME_MAX) {
          errors.add(line, M.importTooLong);
          continue;
        }
        const shiftText = (values.shift ?? '').trim();
        const shift = shiftText === '' ? null : /^[12]$/.test(shiftText) ? Number(shiftText) : NaN;
        if (Number.isNaN(shift)) {
          errors.add(line, M.importShift);
          continue;
        }
        const first = seen.get(sameName(name));
        if (first !== undefined) {
          errors.add(line, M.importDuplicate(first));
          continue;
        }
        seen.set(sameName(name), line);
        named.push({ line, name, shift });
      }
      errors.throwIfAny();
      return platform.db.transaction(async (tx) => {
        const existing = new Map((await repo.namesOf(school.id, tx)).map((c) => [sameName(c.name), c]));
        const fresh = named
          .filter((r) => !existing.has(sameName(r.name)))
          .map((r) => ({ name: r.name, shift: r.shift ?? 1 }));
        const created = fresh.length ? await repo.insertMany(school.organizationId, school.id, fresh, tx) : 0;
        let updated = 0;
        const kept: typeof named = [];
        for (const r of named) {
          const c = existing.get(sameName(r.name));
          if (!c) continue;
          if (r.shift !== null && r.shift !== c.shift) {
            await repo.setShift(c.id, r.shift, tx);
            updated += 1;
          } else kept.push(r);
        }
        const skipped = kept
          .slice(0, IMPORT_MAX_MESSAGES)
          .map((r) => IMPORT_MESSAGES.row(r.line, M.importExists(r.name)));
        return { imported: created + updated, created, updated, ...(skipped.length ? { skipped } : {}) };
      });
    },

    /** The import template: the header on the sheet read, example names on a sheet of their own. */
    async template(actor: Actor) {
      const words = sheetWords(actor);
      return {
        fileName: `${words.template}.xlsx`,
        sheetName: words.title,
        // A school's classes say their shift; a kindergarten's groups have none.
        columns: [
          { header: words.name, width: 30 },
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [{ header: words.shift, width: 10 }]),
        ],
        examples: words.examples.map((name, i) =>
          actor.role === 'EducationKindergartenAdmin' ? [name] : [name, String(i + 1)],
        ),
      };
    },

    /** Every class of a school with its pupils and creation date (in the organization's time zone). */
    async download(actor: Actor, schoolId: number) {
      const school = await schoolOf(actor, schoolId);
      const words = sheetWords(actor);
      const [rows, timeZone] = await Promise.all([repo.ofSchool(school.id), repo.timeZoneOf(school.organizationId)]);
      return {
        fileName: `${words.title} ${safeFileName(school.name)}.xlsx`,
        sheetName: words.title,
        columns: [
          { header: words.name, width: 30 },
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [{ header: words.shift, width: 10 }]),
          { header: words.pupils, width: 14 },
          { header: words.created, width: 14, numFmt: EXCEL_DATE },
        ],
        rows: rows.map((r) => [
          r.name,
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [r.shift]),
          r.pupilsCount,
          excelDate(localDate(r.createdAt, timeZone ?? undefined)),
        ]),
      };
    },
  };
}
