import { nameForReader } from '../../platform/db/alphabet.ts';
import { schoolRef } from '../../platform/db/places.ts';
import {
  CLASSROOM_IMPORT_TITLES,
  CLASSROOM_KAZAKH_TITLES,
  CLASSROOM_SHIFT_TITLES,
  CLASSROOM_NAME_MAX,
  CLASSROOM_SHEET,
  classroomMessages,
  type Classroom,
  type ClassroomCreate,
  type ClassroomList,
  type ClassroomListQuery,
  type ClassroomUpdate,
  type ClassroomUploadQuery,
} from '@tamaq/contract/classrooms';
import type { Ok } from '@tamaq/contract/common';
import { namesOf, namesToStore, type StoredNames } from '@tamaq/contract/names';
import { IMPORT_MAX_MESSAGES, IMPORT_MESSAGES, type RowsImportResult } from '@tamaq/contract/imports';
import { translate, type Language } from '@tamaq/contract/languages';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { isForeignKeyViolation, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { dryRun, rejectedOf, rejectedWorkbook } from '../../platform/import-rows.ts';
import {
  parseSpreadsheet,
  readTable,
  EXCEL_DATE,
  excelDate,
  RowErrors,
  safeFileName,
  type SheetFile,
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
  ...namesOf(row),
  created_at: row.createdAt.toISOString(),
  school: schoolRef(row.schoolId, row),
  shift: row.shift,
  pupils_count: row.pupilsCount,
});

/** The keys of a class's names, in both languages: what makes it the same class as another. */
const keysOf = (names: StoredNames): string[] => [
  ...new Set([names.name, ...(names.nameKk !== null ? [names.nameKk] : [])].map(sameName)),
];

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

  /** Either name may come first; one left out of an update stays (the spec's client sends the Russian alone). */
  const namesFrom = (body: ClassroomCreate, current: StoredNames | null): StoredNames => {
    const names = namesToStore(body, current);
    if ('error' in names) throw ValidationError.field('name', names.error);
    return names;
  };

  /**
   * Refuses a name another live class of the school has in either language, in other letters too
   * (422 on the field): «5 В» beside «5 «В»» would be two classes that an import and a person read as one.
   */
  const namesFree = async (actor: Actor, schoolId: number, names: StoredNames, self: number | null, tx: Db) => {
    const taken = new Set((await repo.namesOf(schoolId, tx)).filter((c) => c.id !== self).flatMap(keysOf));
    const M = classroomMessages(actor.role);
    if (taken.has(sameName(names.name)))
      throw ValidationError.field(names.nameRuMissing ? 'name_kk' : 'name', M.nameTaken);
    if (names.nameKk !== null && taken.has(sameName(names.nameKk))) throw ValidationError.field('name_kk', M.nameTaken);
  };

  /** The file's rows read and checked: the valid ones, each problem with its row, and the school. */
  const readImport = async (actor: Actor, schoolId: number, sheet: string[][]) => {
    const school = await schoolOf(actor, schoolId);
    const M = classroomMessages(actor.role);
    const withShift = actor.role !== 'EducationKindergartenAdmin';
    const errors = new RowErrors();
    const rows = readTable(
      sheet,
      [
        { key: 'name', titles: CLASSROOM_IMPORT_TITLES, required: true },
        { key: 'nameKk' as const, titles: CLASSROOM_KAZAKH_TITLES, required: false },
        ...(withShift ? [{ key: 'shift' as const, titles: CLASSROOM_SHIFT_TITLES, required: false }] : []),
      ],
      errors,
    );
    const seen = new Map<string, number>();
    const named: { line: number; names: StoredNames; shift: number | null }[] = [];
    for (const { line, values } of rows) {
      const names = namesToStore({ name: values.name.trim() || null, name_kk: values.nameKk?.trim() || null }, null);
      if ('error' in names) {
        errors.add(line, M.importNameMissing);
        continue;
      }
      if (names.name.length > CLASSROOM_NAME_MAX || (names.nameKk ?? '').length > CLASSROOM_NAME_MAX) {
        errors.add(line, M.importTooLong);
        continue;
      }
      const shiftText = (values.shift ?? '').trim();
      const shift = shiftText === '' ? null : /^[12]$/.test(shiftText) ? Number(shiftText) : NaN;
      if (Number.isNaN(shift)) {
        errors.add(line, M.importShift);
        continue;
      }
      const keys = keysOf(names);
      const first = keys.map((k) => seen.get(k)).find((l) => l !== undefined);
      if (first !== undefined) {
        errors.add(line, M.importDuplicate(first));
        continue;
      }
      for (const k of keys) seen.set(k, line);
      named.push({ line, names, shift });
    }
    return { school, M, named, errors };
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
      const names = namesFrom(body, null);
      const id = await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          await namesFree(actor, school.id, names, null, tx);
          return repo.insert(
            { organizationId: school.organizationId, schoolId: school.id, ...names, shift: body.shift ?? 1 },
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
      const names = namesFrom(body, current);
      await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          await namesFree(actor, school.id, names, body.id, tx);
          await repo.update(body.id, { schoolId: school.id, ...names, shift: body.shift ?? current.shift }, tx);
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
     * One class per row: its name, its Kazakh name where given (a row may give the Kazakh one alone)
     * and, at a school, its shift («Смена», 1 or 2; empty: the first). A class the school already has
     * (by either name) is skipped, each listed with its row, unless the row gives another shift or a
     * name in the language the class lacks, which the class then takes (an update); a name repeated in the file is an
     * error of the later row; any error refuses the whole file, unless `rows=valid` (the others are
     * loaded, the bad ones listed) or `mode=check` (nothing is written: the answer says what would be).
     */
    async importFile(
      actor: Actor,
      q: ClassroomUploadQuery,
      file: Buffer,
      language: Language = 'ru',
    ): Promise<RowsImportResult> {
      const { school, M, named, errors } = await readImport(actor, q.schoolId, await parseSpreadsheet(file));
      // Lenient: a check, or a write of the valid rows only, sets the rows with a problem aside.
      const lenient = q.mode === 'check' || q.rows === 'valid';
      if (!lenient) errors.throwIfAny();
      const rejected = rejectedOf(errors, language);
      const write = async (tx: Db): Promise<RowsImportResult> => {
        const existing = new Map<string, { id: number; shift: number } & StoredNames>();
        for (const c of await repo.namesOf(school.id, tx)) for (const k of keysOf(c)) existing.set(k, c);
        const match = (names: StoredNames) =>
          keysOf(names)
            .map((k) => existing.get(k))
            .find((c) => c !== undefined);
        const fresh = named.filter((r) => !match(r.names)).map((r) => ({ ...r.names, shift: r.shift ?? 1 }));
        const created = fresh.length ? await repo.insertMany(school.organizationId, school.id, fresh, tx) : 0;
        let updated = 0;
        const kept: typeof named = [];
        for (const r of named) {
          const c = match(r.names);
          if (!c) continue;
          // A name the class lacks is taken from the row; one it has stays as it is written.
          const given = {
            ...(c.nameRuMissing && !r.names.nameRuMissing ? { name: r.names.name } : {}),
            ...(c.nameKk === null && r.names.nameKk !== null ? { name_kk: r.names.nameKk } : {}),
          };
          const names = namesToStore(given, c) as StoredNames;
          const shift = r.shift ?? c.shift;
          const same = names.name === c.name && names.nameKk === c.nameKk && names.nameRuMissing === c.nameRuMissing;
          if (same && shift === c.shift) {
            kept.push(r);
            continue;
          }
          await repo.amend(c.id, { ...names, shift }, tx);
          updated += 1;
        }
        const exists = kept
          .slice(0, IMPORT_MAX_MESSAGES)
          .map((r) => translate(IMPORT_MESSAGES.row(r.line, M.importExists(r.names.name)), language));
        const skipped = [...(q.mode === 'check' ? [] : (rejected?.messages ?? [])), ...exists];
        return {
          imported: created + updated,
          created,
          updated,
          ...(skipped.length ? { skipped } : {}),
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

    /** The import template: the header on the sheet read, example names on a sheet of their own. */
    async template(actor: Actor) {
      const words = sheetWords(actor);
      return {
        fileName: `${words.template}.xlsx`,
        sheetName: words.title,
        // A school's classes say their shift; a kindergarten's groups have none.
        columns: [
          { header: words.name, width: 30 },
          { header: words.nameKk, width: 30 },
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [{ header: words.shift, width: 10 }]),
        ],
        examples: words.examples.map((names, i) =>
          actor.role === 'EducationKindergartenAdmin' ? [...names] : [...names, String(i + 1)],
        ),
      };
    },

    /** Every class of a school with its pupils and creation date (in the organization's time zone). */
    async download(actor: Actor, schoolId: number) {
      const school = await schoolOf(actor, schoolId);
      const words = sheetWords(actor);
      const [rows, timeZone] = await Promise.all([repo.ofSchool(school.id), repo.timeZoneOf(school.organizationId)]);
      return {
        fileName: `${words.title} ${safeFileName(nameForReader(school))}.xlsx`,
        sheetName: words.title,
        columns: [
          { header: words.name, width: 30 },
          { header: words.nameKk, width: 30 },
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [{ header: words.shift, width: 10 }]),
          { header: words.pupils, width: 14 },
          { header: words.created, width: 14, numFmt: EXCEL_DATE },
        ],
        rows: rows.map((r) => [
          r.nameRuMissing ? '' : r.name,
          r.nameKk ?? '',
          ...(actor.role === 'EducationKindergartenAdmin' ? [] : [r.shift]),
          r.pupilsCount,
          excelDate(localDate(r.createdAt, timeZone ?? undefined)),
        ]),
      };
    },
  };
}
