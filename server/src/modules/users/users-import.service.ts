import { IMPORT_FIELD, IMPORT_MAX_MESSAGES } from '@tamaq/contract/imports';
import type { Language } from '@tamaq/contract/languages';
import { makeIin } from '@tamaq/contract/kz-id';
import {
  canGrant,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_GROUP_COLUMN,
  userMessages,
  worksWithPupilsOnly,
  type UserImportMatch,
  type UserImportResult,
  type UserTemplateQuery,
  type UserUploadQuery,
} from '@tamaq/contract/users';
import { speaksKindergarten } from '@tamaq/contract/wording';
import type { Actor } from '../../platform/auth/actors.ts';
import { inScope, scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  parseSpreadsheet,
  readTable,
  RowErrors,
  type ImportTemplate,
  type SheetFile,
} from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import { rejectedOf, rejectedWorkbook } from '../../platform/import-rows.ts';
import { createUsersRepository, type ImportCandidate, type ImportedUser } from './users.repository.ts';
import { roleOf, walletPeriod } from './user-values.ts';
import { checkRows, key, USER_COLUMNS, type ParsedRow } from './users-import-rows.ts';
import { compareNames } from '../../platform/db/alphabet.ts';

const C = USER_IMPORT_COLUMNS;

/** A valid IIN for the template's example row (born 15.03.2012). */
const EXAMPLE_IIN = makeIin('120315', 5, 1);
/** A card number as a scanner types one into the cell. */
const EXAMPLE_CARD = '0004512345';
/** And for the example employee (born 02.09.1985). */
const EXAMPLE_STAFF_IIN = makeIin('850902', 4, 1);

/**
 * The spreadsheet import of users and pupils (docs/product.md "Users", "Pupils"): every row is checked first and
 * any problem refuses the whole file with the list of rows; otherwise one transaction creates the
 * new people and updates those found by IIN in the organization, a chunk of rows per statement.
 */
export function createUsersImportService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createUsersRepository(platform.db);

  /** Where the rows go: the organization, and the school and class the query names. */
  async function target(actor: Actor, q: UserUploadQuery) {
    const scope = scopeOf(actor);
    const M = userMessages(actor.role);
    // A social teacher imports pupils into a class (their only screen), never staff.
    if (q.classroomId === undefined && worksWithPupilsOnly(actor.role)) {
      throw ValidationError.field('classroomId', M.classroomRequired);
    }
    const classroom = q.classroomId === undefined ? null : await repo.classroom(q.classroomId, scope);
    if (q.classroomId !== undefined && !classroom) throw notFound(M.classroomNotFound);
    const school = q.schoolId === undefined ? null : await repo.findSchool(q.schoolId);
    if (q.schoolId !== undefined && (!school || !inScope({ ...school, schoolId: school.id }, scope))) {
      throw notFound(M.schoolNotFound);
    }
    const organizationId = scope.all
      ? (q.organizationId ?? classroom?.organizationId ?? school?.organizationId ?? null)
      : actor.organizationId;
    if (organizationId === null) throw ValidationError.field('organizationId', M.organizationRequired);
    const org = await repo.findOrganization(organizationId);
    if (!org) throw ValidationError.field('organizationId', M.organizationNotFound);
    if (classroom && classroom.organizationId !== organizationId) throw notFound(M.classroomNotFound);
    if (school && school.organizationId !== organizationId) throw notFound(M.schoolNotFound);
    const schoolId = classroom?.schoolId ?? school?.id ?? scope.schoolId ?? null;
    return { organizationId, timeZone: org.timeZone, schoolId, classroom };
  }

  /** The file's rows checked on their own (a problem goes to `errors`), with where they go. */
  async function readRows(actor: Actor, q: UserUploadQuery, file: Buffer, sheet?: string[][]) {
    const I = userMessages(actor.role).imports;
    const dest = await target(actor, q);
    const errors = new RowErrors();
    const table = readTable(sheet ?? (await parseSpreadsheet(file)), USER_COLUMNS, errors);
    const [classrooms, categories] = await Promise.all([
      repo.classroomsOf(dest.organizationId, dest.schoolId),
      repo.foodCategoriesOf(dest.organizationId),
    ]);
    const today = localDate(platform.now(), dest.timeZone);
    const rows = checkRows(table, { classrooms, categories, classroom: dest.classroom, today }, I, errors);
    return { rows, dest, errors, I, today, classrooms };
  }

  /**
   * What the rows would do against the people already there: the people to create and to update,
   * the cards to link, the rows that match someone. A row's problem found here goes to `errors`.
   */
  async function plan(
    actor: Actor,
    q: UserUploadQuery,
    read: Pick<Awaited<ReturnType<typeof readRows>>, 'rows' | 'dest' | 'errors' | 'I' | 'today' | 'classrooms'>,
    tx: Db,
  ) {
    const { rows, dest, errors, I, today, classrooms } = read;
    const scope = scopeOf(actor);
    const byIin = new Map(
      (
        await repo.byIins(
          dest.organizationId,
          rows.flatMap((r) => (r.iin === null ? [] : [r.iin])),
          tx,
        )
      ).map((u) => [u.iin!, u]),
    );
    const taken = new Set([...byIin.values()].map((u) => u.id));
    // Rows the IIN did not find may still be people already there: the same name in the same
    // class, or an employee's name and job title. Each person answers one row at most.
    const byName = new Map<string, ImportCandidate[]>();
    if (q.mode !== 'create') {
      const names = rows.filter((r) => r.iin === null || !byIin.has(r.iin)).map((r) => r.name);
      for (const u of await repo.byNames(dest.organizationId, [...new Set(names)], tx)) {
        if (!taken.has(u.id)) byName.set(key(u.name), [...(byName.get(key(u.name)) ?? []), u]);
      }
    }
    const sameName = (row: ParsedRow) =>
      (byName.get(key(row.name)) ?? []).find(
        (u) =>
          !taken.has(u.id) &&
          // Two different IINs are two people, whatever their names.
          (row.iin === null || u.iin === null) &&
          (row.classroom
            ? u.classroomId === row.classroom.id
            : u.classroomId === null && key(u.jobTitle ?? '') === key(row.jobTitle ?? '')) &&
          (scope.schoolId === null || u.schoolId === scope.schoolId) &&
          canGrant(actor.role, roleOf(u.roleId)),
      );
    const className = new Map(classrooms.map((c) => [c.id, c.name]));
    // The cards the file names, as the database has them: one may be linked only to its row's person.
    const cardByNumber = new Map(
      (
        await repo.cardsByNumbers(
          rows.flatMap((r) => (r.card ? [r.card] : [])),
          tx,
        )
      ).map((c) => [c.number, c]),
    );
    /** Whether the row's card may go to the person (`id`, null for a new one); else its error. */
    const cardFits = (row: ParsedRow, id: number | null) => {
      const card = row.card === null ? undefined : cardByNumber.get(row.card);
      if (!card) return;
      if (card.organizationId !== dest.organizationId) errors.add(row.line, I.cardOtherOrganization(card.number));
      else if (card.holderId !== null && card.holderId !== id) {
        const reach = scope.schoolId === null || card.holderSchoolId === scope.schoolId;
        errors.add(row.line, reach ? I.cardHeldBy(card.number, card.holderName!) : I.cardOutOfReach(card.number));
      }
    };
    // Each row with a card, and its person: an index into `creates`, or an existing id.
    const cardRows: { card: string; create?: number; id?: number }[] = [];
    const matches: UserImportMatch[] = [];
    const creates: ImportedUser[] = [];
    const updates: (ImportedUser & { id: number })[] = [];
    // A row's social wallet: the dates it gives, else as the category change makes them; a
    // date the rules refuse is the row's error (the wallet then stays as it was).
    const walletOf = (
      row: ParsedRow,
      before: { type: 'sw' | 'common' | null; set: string | null; reset: string | null },
      afterType: 'sw' | 'common' | null,
    ) => {
      try {
        return walletPeriod(before, afterType, today, { from: row.walletFrom, to: row.walletTo }, I);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        errors.add(row.line, Object.values(err.fields)[0]![0]!);
        return { set: before.set, reset: before.reset };
      }
    };
    for (const row of rows) {
      const sameIin = row.iin === null ? undefined : byIin.get(row.iin);
      const found = sameIin ?? sameName(row);
      if (!found) {
        cardFits(row, null);
        if (row.card) cardRows.push({ card: row.card, create: creates.length });
        const wallet = walletOf(row, { type: null, set: null, reset: null }, row.foodCategory?.type ?? null);
        creates.push({
          school_id: row.classroom?.schoolId ?? dest.schoolId,
          classroom_id: row.classroom?.id ?? null,
          name: row.name,
          iin: row.iin,
          job_title: row.jobTitle,
          food_category_id: row.foodCategory?.id ?? null,
          sw_set: wallet.set,
          sw_reset: wallet.reset,
        });
        continue;
      }
      taken.add(found.id);
      cardFits(row, found.id);
      if (row.card && cardByNumber.get(row.card)?.holderId !== found.id)
        cardRows.push({ card: row.card, id: found.id });
      if (matches.length < IMPORT_MAX_MESSAGES) {
        matches.push({
          line: row.line,
          name: row.name,
          by: sameIin ? 'iin' : 'name',
          place: (found.classroomId !== null ? className.get(found.classroomId) : found.jobTitle) ?? null,
        });
      }
      if (scope.schoolId !== null && found.schoolId !== scope.schoolId) errors.add(row.line, I.iinOfOtherSchool);
      else if (!canGrant(actor.role, roleOf(found.roleId))) errors.add(row.line, I.iinOfStaff);
      // A person without a class is not a social teacher's to change (nor to put in a class).
      else if (worksWithPupilsOnly(actor.role) && found.classroomId === null) errors.add(row.line, I.iinOfStaff);
      const categoryChanged = row.foodCategory !== null && row.foodCategory.id !== found.foodCategoryId;
      const before = {
        type: found.foodCategoryType,
        set: found.socialWalletSetDate,
        reset: found.socialWalletResetDate,
      };
      const wallet =
        categoryChanged || row.walletFrom !== undefined || row.walletTo !== undefined
          ? walletOf(row, before, categoryChanged ? row.foodCategory!.type : found.foodCategoryType)
          : { set: before.set, reset: before.reset };
      updates.push({
        id: found.id,
        school_id: row.classroom
          ? row.classroom.schoolId
          : found.classroomId !== null
            ? found.schoolId
            : (dest.schoolId ?? found.schoolId),
        classroom_id: row.classroom?.id ?? found.classroomId,
        name: row.name,
        iin: row.iin ?? found.iin,
        job_title: row.jobTitle ?? found.jobTitle,
        food_category_id: row.foodCategory?.id ?? found.foodCategoryId,
        sw_set: wallet.set,
        sw_reset: wallet.reset,
      });
    }
    return { creates, updates, cardRows, cardByNumber, matches };
  }

  return {
    async import(actor: Actor, q: UserUploadQuery, file: Buffer, language: Language = 'ru'): Promise<UserImportResult> {
      const { rows, dest, errors, I, today, classrooms } = await readRows(actor, q, file);
      // Lenient: a check, or a write of the valid rows only, sets the rows with a problem aside.
      const lenient = q.mode === 'check' || q.rows === 'valid';
      if (!lenient) errors.throwIfAny();
      const at = platform.now();
      try {
        return await platform.db.transaction(async (tx) => {
          let planned = await plan(actor, q, { rows, dest, errors, I, today, classrooms }, tx);
          let rejected: { rows: number; messages: string[] } | null = null;
          if (errors.count) {
            if (!lenient) errors.throwIfAny();
            // The rows with a problem left out, the others planned again without them (a row set
            // aside may have matched a person another row now finds): a problem now refuses the file.
            const bad = errors.lines();
            // Said in the reader's language here: an answer of 200 is not turned on the way out as an error is.
            rejected = rejectedOf(errors, language)!;
            const again = new RowErrors();
            planned = await plan(
              actor,
              q,
              { rows: rows.filter((r) => !bad.has(r.line)), dest, errors: again, I, today, classrooms },
              tx,
            );
            again.throwIfAny();
          }
          const { creates, updates, cardRows, cardByNumber, matches } = planned;
          const counts = {
            imported: creates.length + updates.length,
            created: creates.length,
            updated: updates.length,
            ...(lenient ? { rejected_rows: rejected?.rows ?? 0 } : {}),
          };
          if (q.mode === 'check') return { ...counts, matches, ...(rejected ? { rejected: rejected.messages } : {}) };
          await repo.updateMany(updates, at, tx);
          const created = await repo.insertMany(dest.organizationId, creates, at, tx);
          // The cards: numbers new to the system registered in the organization, then each linked.
          const made = await repo.addCards(
            dest.organizationId,
            cardRows.filter((c) => !cardByNumber.has(c.card)).map((c) => c.card),
            at,
            tx,
          );
          await repo.linkCards(
            cardRows.map((c) => ({
              cardId: cardByNumber.get(c.card)?.id ?? made.get(c.card)!,
              userId: c.id ?? created[c.create!]!,
            })),
            at,
            tx,
          );
          await audit(tx, actor, {
            action: 'users_import',
            entity: 'user',
            organizationId: dest.organizationId,
            after: {
              schoolId: dest.schoolId,
              classroomId: dest.classroom?.id ?? null,
              created: creates.length,
              updated: updates.length,
              cards: cardRows.length,
              ...(rejected ? { rejected: rejected.rows } : {}),
            },
          });
          return { ...counts, ...(rejected ? { skipped: rejected.messages } : {}) };
        });
      } catch (err) {
        // Someone else saved one of these IINs after the check: nothing was written, try again.
        if (isUniqueViolation(err, 'users_organization_iin_key')) throw ValidationError.field(IMPORT_FIELD, I.raced);
        throw err;
      }
    },

    /**
     * The rows of the file that would not import, as they were, each with its reason in a last
     * column: the file to correct and load again. Nothing is written.
     */
    async rejectedRows(actor: Actor, q: UserUploadQuery, file: Buffer, language: Language): Promise<SheetFile> {
      const sheet = await parseSpreadsheet(file);
      const read = await readRows(actor, q, file, sheet);
      await platform.db.transaction((tx) => plan(actor, q, read, tx));
      return rejectedWorkbook(sheet, read.errors, language);
    },

    /**
     * The file to fill in: the columns the caller's people have, and examples on a sheet of their
     * own (never imported). A company has employees only (no class or food category); a social
     * teacher imports pupils into a class they chose (no class or job title). The examples name a
     * real class and food category of the organization, so a file that copies them imports. A
     * kindergarten admin (or the super admin who chose a kindergarten organization) gets «Группа».
     */
    async template(actor: Actor, q: UserTemplateQuery): Promise<ImportTemplate> {
      const organizationId = actor.role === 'SuperAdmin' ? (q.organizationId ?? null) : actor.organizationId;
      const org = organizationId === null ? null : await repo.findOrganization(organizationId);
      const kindergarten = speaksKindergarten(actor.role) || org?.type === 'kindergarten';
      const I = userMessages(kindergarten ? 'EducationKindergartenAdmin' : actor.role).imports;
      const [classes, categories] = org
        ? await Promise.all([repo.classroomsOf(org.id, actor.schoolId), repo.foodCategoriesOf(org.id)])
        : [[], []];
      const byName = (a: { name: string }, b: { name: string }) => compareNames(a.name, b.name);
      const classroom = [...classes].sort(byName)[0]?.name ?? I.example.classroom;
      const category = [...categories].sort(byName)[0]?.name ?? '';
      const name = { header: C.name, width: 36 };
      const iin = { header: C.iin, width: 16 };
      const job = { header: C.jobTitle, width: 24 };
      // Drop-downs of the organization's classes and categories (the import takes either name of a category).
      const classNames = [...new Set(classes.map((c) => c.name))].sort(compareNames);
      const food = { header: C.foodCategory, width: 24, choices: [...categories].sort(byName).map((c) => c.name) };
      const walletFrom = { header: C.walletFrom, width: 16 };
      const walletTo = { header: C.walletTo, width: 16 };
      // As text, so Excel keeps a number's leading zeros; a scan into the cell fills it.
      const card = { header: C.card, width: 18, numFmt: '@' };
      // The example's wallet dates only where its category is a social wallet one.
      const swExample = [...categories].sort(byName)[0]?.type === 'sw';
      const [from, to] = swExample ? ['01.09.2026', '25.05.2027'] : ['', ''];
      const file = { fileName: I.templateFile, sheetName: I.templateSheet };
      if (org?.type === 'company') {
        return {
          ...file,
          columns: [name, iin, job, card],
          examples: [[I.example.employee, EXAMPLE_STAFF_IIN, I.example.companyJobTitle, EXAMPLE_CARD]],
        };
      }
      if (worksWithPupilsOnly(actor.role)) {
        return {
          ...file,
          columns: [name, iin, food, walletFrom, walletTo, card],
          examples: [[I.example.name, EXAMPLE_IIN, category, from, to, EXAMPLE_CARD]],
        };
      }
      return {
        ...file,
        columns: [
          name,
          iin,
          { header: kindergarten ? USER_IMPORT_GROUP_COLUMN : C.classroom, width: 16, choices: classNames },
          food,
          job,
          walletFrom,
          walletTo,
          card,
        ],
        examples: [
          [I.example.name, EXAMPLE_IIN, classroom, category, '', from, to, EXAMPLE_CARD],
          [I.example.employee, EXAMPLE_STAFF_IIN, '', '', I.example.jobTitle, '', '', ''],
        ],
      };
    },
  };
}
