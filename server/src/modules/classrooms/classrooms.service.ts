import {
  CLASSROOM_IMPORT_TITLES,
  CLASSROOM_NAME_MAX,
  CLASSROOM_SHEET,
  classroomMessages,
  type Classroom,
  type ClassroomCreate,
  type ClassroomList,
  type ClassroomListQuery,
  type ClassroomPromote,
  type ClassroomPromotion,
  type ClassroomUpdate,
} from '@tamaq/contract/classrooms';
import type { Ok } from '@tamaq/contract/common';
import { IMPORT_MAX_MESSAGES, IMPORT_MESSAGES, type ImportResult } from '@tamaq/contract/imports';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import {
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  ValidationError,
} from '../../platform/http/errors.ts';
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
  templateBuffer,
  xlsxBuffer,
} from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createClassroomsRepository, type ClassroomRow } from './classrooms.repository.ts';

const NAME_KEY = 'classrooms_school_name_key';
const sameName = (name: string) => name.toLocaleLowerCase('ru');
const toClassroom = (row: ClassroomRow): Classroom => ({
  id: row.id,
  schoolId: row.schoolId,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  school: { id: row.schoolId, name: row.schoolName },
  pupils_count: row.pupilsCount,
});

const sheetWords = (actor: Actor) =>
  actor.role === 'EducationKindergartenAdmin' ? CLASSROOM_SHEET.kindergarten : CLASSROOM_SHEET.school;

interface PlannedMove {
  id: number;
  name: string;
  /** The name next year; null when the class finishes school. */
  to: string | null;
  pupils: number;
}

/**
 * Next year's name of each class: the leading number goes up by one ('2 А' → '3 А', '9Б' → '10Б'),
 * a class of the last grade or above finishes school, a name without a leading number stays. Two
 * classes that would get one name (or a name a staying class has) are clashes: nothing moves.
 */
export function planPromotion(classes: { id: number; name: string; pupilsCount: number }[], lastGrade: number) {
  const moves: PlannedMove[] = [];
  const kept: { id: number; name: string }[] = [];
  for (const c of classes) {
    const m = /^(\d+)(.*)$/su.exec(c.name);
    if (!m) {
      kept.push({ id: c.id, name: c.name });
      continue;
    }
    const grade = Number(m[1]);
    moves.push({
      id: c.id,
      name: c.name,
      to: grade >= lastGrade ? null : `${grade + 1}${m[2]}`,
      pupils: c.pupilsCount,
    });
  }
  const taken = new Map(kept.map((k) => [sameName(k.name), k.name]));
  const clashes = new Set<string>();
  for (const move of moves) {
    if (move.to === null) continue;
    const other = taken.get(sameName(move.to));
    if (other !== undefined) clashes.add(`«${move.to}»`);
    taken.set(sameName(move.to), move.to);
  }
  return { moves, kept, clashes: [...clashes] };
}

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

  return {
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
        repo.insert({ organizationId: school.organizationId, schoolId: school.id, name: body.name }),
      );
      return toClassroom(await visible(actor, id));
    },

    /** A class moved to another school of the organization takes its pupils along. */
    async update(actor: Actor, body: ClassroomUpdate): Promise<Classroom> {
      const current = await visible(actor, body.id);
      const school = await schoolFor(actor, body.schoolId);
      await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          await repo.update(body.id, { schoolId: school.id, name: body.name }, tx);
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
     * One class name per row. Names the school already has are skipped, each listed with its row; a
     * name repeated in the file is an error of the later row; any error refuses the whole file.
     */
    async importFile(actor: Actor, schoolId: number, file: Buffer): Promise<ImportResult> {
      const school = await schoolOf(actor, schoolId);
      const M = classroomMessages(actor.role);
      const errors = new RowErrors();
      const rows = readTable(
        await parseSpreadsheet(file),
        [{ key: 'name', titles: CLASSROOM_IMPORT_TITLES, required: true }],
        errors,
      );
      const seen = new Map<string, number>();
      const named: { line: number; name: string }[] = [];
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
        const first = seen.get(sameName(name));
        if (first !== undefined) {
          errors.add(line, M.importDuplicate(first));
          continue;
        }
        seen.set(sameName(name), line);
        named.push({ line, name });
      }
      errors.throwIfAny();
      return platform.db.transaction(async (tx) => {
        const existing = new Set((await repo.namesOf(school.id, tx)).map(sameName));
        const fresh = named.filter((r) => !existing.has(sameName(r.name))).map((r) => r.name);
        const created = fresh.length ? await repo.insertMany(school.organizationId, school.id, fresh, tx) : 0;
        const skipped = named
          .filter((r) => existing.has(sameName(r.name)))
          .slice(0, IMPORT_MAX_MESSAGES)
          .map((r) => IMPORT_MESSAGES.row(r.line, M.importExists(r.name)));
        return { imported: created, created, updated: 0, ...(skipped.length ? { skipped } : {}) };
      });
    },

    /**
     * The move to the next year, in one transaction with the school's classes locked: each numbered
     * class is archived (its visits keep its name) and a class with the next name takes its live
     * pupils; the last grade's class is archived with its pupils, whose cards are freed.
     */
    async promote(actor: Actor, body: ClassroomPromote): Promise<ClassroomPromotion> {
      const school = await schoolFor(actor, body.schoolId);
      const M = classroomMessages(actor.role);
      if (!body.check && body.classroomIds === undefined) {
        throw ValidationError.field('classroomIds', M.promoteIdsMissing);
      }
      const { graduates, answer } = await platform.db.transaction(async (tx) => {
        const plan = planPromotion(await repo.liveOfSchoolLocked(school.id, tx), body.lastGrade);
        if (plan.clashes.length) throw ValidationError.field('schoolId', M.promoteClash(plan.clashes.join(', ')));
        const staying = plan.moves.filter((m) => m.to !== null);
        const leaving = plan.moves.filter((m) => m.to === null);
        const answer: ClassroomPromotion = {
          moves: plan.moves,
          kept: plan.kept,
          promoted: staying.length,
          graduated: leaving.length,
          pupilsMoved: staying.reduce((n, m) => n + m.pupils, 0),
          pupilsGraduated: leaving.reduce((n, m) => n + m.pupils, 0),
          applied: false,
        };
        if (body.check) return { graduates: [], answer };
        const planned = new Set(plan.moves.map((m) => m.id));
        const named = new Set(body.classroomIds);
        if (planned.size !== named.size || [...planned].some((id) => !named.has(id))) throw conflict(M.promoteChanged);
        if (!plan.moves.length) return { graduates: [], answer: { ...answer, applied: true } };
        const at = platform.now();
        await repo.archive([...planned], at, tx);
        const created = staying.length
          ? await repo.insertNamed(
              school.organizationId,
              school.id,
              staying.map((m) => m.to!),
              tx,
            )
          : [];
        const idOf = new Map(created.map((c) => [sameName(c.name), c.id]));
        await repo.movePupilsBetween(
          staying.map((m) => ({ from: m.id, to: idOf.get(sameName(m.to!))! })),
          at,
          tx,
        );
        const graduates = leaving.length
          ? await repo.archivePupils(
              leaving.map((m) => m.id),
              at,
              tx,
            )
          : [];
        await audit(tx, actor, {
          action: 'classrooms_promote',
          entity: 'school',
          entityId: school.id,
          organizationId: school.organizationId,
          before: { classes: plan.moves.map((m) => ({ id: m.id, name: m.name })) },
          after: {
            classes: created,
            graduated: leaving.map((m) => m.name),
            pupilsMoved: answer.pupilsMoved,
            pupilsGraduated: graduates.length,
          },
        });
        return { graduates, answer: { ...answer, pupilsGraduated: graduates.length, applied: true } };
      });
      for (const id of graduates) platform.actors.forget(id);
      return answer;
    },

    /** The import template: the header on the sheet read, example names on a sheet of their own. */
    async template(actor: Actor) {
      const words = sheetWords(actor);
      const body = await templateBuffer(
        words.title,
        [{ header: words.name, width: 30 }],
        words.examples.map((name) => [name]),
      );
      return { fileName: `${words.template}.xlsx`, body };
    },

    /** Every class of a school with its pupils and creation date (in the organization's time zone). */
    async download(actor: Actor, schoolId: number) {
      const school = await schoolOf(actor, schoolId);
      const words = sheetWords(actor);
      const [rows, timeZone] = await Promise.all([repo.ofSchool(school.id), repo.timeZoneOf(school.organizationId)]);
      const body = await xlsxBuffer(
        words.title,
        [
          { header: words.name, width: 30 },
          { header: words.pupils, width: 14 },
          { header: words.created, width: 14, numFmt: EXCEL_DATE },
        ],
        rows.map((r) => [r.name, r.pupilsCount, excelDate(localDate(r.createdAt, timeZone ?? undefined))]),
      );
      return { fileName: `${words.title} ${safeFileName(school.name)}.xlsx`, body };
    },
  };
}
