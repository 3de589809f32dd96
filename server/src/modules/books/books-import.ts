import {
  BOOK_COUNT_MAX,
  BOOK_IMPORT_CONFIRM_COPIES,
  BOOK_IMPORT_COPIES_MAX,
  BOOK_IMPORT_COLUMNS as C,
  BOOK_IMPORT_MESSAGES as M,
  BOOK_TEXT_MAX,
  LIBRARY_MESSAGES,
  bookBarcode,
  bookYear,
  type BookImportLabels,
  type BookImportLabelsQuery,
  type BookImportResult,
} from '@tamaq/contract/library';
import { IMPORT_FIELD } from '@tamaq/contract/imports';
import { ERROR_CODES } from '@tamaq/contract/errors';
import type { Actor } from '../../platform/auth/actors.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, notFound, ValidationError } from '../../platform/http/errors.ts';
import { parseSpreadsheet, readTable, RowErrors, templateBuffer } from '../../platform/spreadsheet.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBooksRepository, type BookValues } from './books.repository.ts';
import { generatedBarcode } from './books.service.ts';

type Key = keyof typeof C;
const KEYS = Object.keys(C) as Key[];
const REQUIRED: Key[] = ['name', 'authors', 'publisher', 'year'];
const TEXTS: Key[] = ['name', 'authors', 'publisher', 'category', 'language', 'discipline', 'direction', 'type'];
const sameName = (name: string) => name.toLocaleLowerCase('ru');

interface PlannedBook {
  line: number;
  values: BookValues;
  category: string | null;
  barcodes: string[];
  count: number;
}

/** A row's barcodes: separated by commas, semicolons or whitespace. */
const splitBarcodes = (cell: string) => cell.split(/[,;\s]+/).filter(Boolean);

/**
 * Book import (spec 2 §7 `POST /api/books/upload`, issue 11): every row or none. A row may bring the
 * barcodes already on its copies' labels (a library that labelled its books keeps them) or a number
 * of copies to generate; a category is found by its name in the school, or created.
 */
export function createBooksImport(db: Db, schools: SchoolsService) {
  const repo = createBooksRepository(db);

  const plan = (rows: string[][], errors: RowErrors): PlannedBook[] => {
    const table = readTable(
      rows,
      KEYS.map((key) => ({ key, titles: C[key], required: REQUIRED.includes(key) })),
      errors,
    );
    const seen = new Map<string, number>();
    const planned: PlannedBook[] = [];
    for (const { line, values: v } of table) {
      const cell = (k: Key) => v[k].trim();
      const problems: string[] = [];
      for (const k of REQUIRED) if (!cell(k)) problems.push(M.missing(C[k][0]));
      for (const k of TEXTS) if (cell(k).length > BOOK_TEXT_MAX) problems.push(M.tooLong(C[k][0]));
      const year = bookYear().safeParse(cell('year'));
      if (cell('year') && !year.success) problems.push(M.year);
      const barcodes: string[] = [];
      for (const raw of splitBarcodes(v.barcodes)) {
        const code = bookBarcode().safeParse(raw);
        if (!code.success) {
          problems.push(M.barcode(raw));
          continue;
        }
        const first = seen.get(code.data);
        if (first !== undefined) problems.push(M.barcodeTwice(code.data, first));
        else seen.set(code.data, line);
        barcodes.push(code.data);
      }
      const countCell = cell('count');
      const count = countCell === '' ? 0 : Number(countCell);
      if (!Number.isInteger(count) || count < 0 || count > BOOK_COUNT_MAX) problems.push(M.count);
      else if (count > 0 && barcodes.length > 0) problems.push(M.countAndBarcodes);
      if (problems.length > 0) {
        errors.add(line, problems.join('; '));
        continue;
      }
      const optional = (k: Key) => cell(k) || null;
      planned.push({
        line,
        values: {
          categoryId: null,
          name: cell('name'),
          authors: cell('authors'),
          publisher: cell('publisher'),
          year: year.data!,
          language: optional('language'),
          discipline: optional('discipline'),
          direction: optional('direction'),
          type: optional('type'),
        },
        category: optional('category'),
        barcodes,
        count,
      });
    }
    return planned;
  };

  return {
    /**
     * `confirmedCopies`: how many new copies the librarian agreed to. A file over
     * BOOK_IMPORT_CONFIRM_COPIES is written only when it equals the file's count, so an answer given
     * for another file confirms nothing.
     */
    async importFile(
      actor: Actor,
      schoolId: number | undefined,
      file: Buffer,
      confirmedCopies?: number,
    ): Promise<BookImportResult> {
      const school = schoolId === undefined ? null : await schools.findVisible(actor, schoolId);
      if (!school) throw ValidationError.field('school_id', LIBRARY_MESSAGES.schoolNotFound);
      const errors = new RowErrors();
      const books = plan(await parseSpreadsheet(file), errors);
      errors.throwIfAny();
      const copiesWanted = books.reduce((n, b) => n + b.barcodes.length + b.count, 0);
      if (copiesWanted > BOOK_IMPORT_COPIES_MAX)
        throw ValidationError.field(IMPORT_FIELD, M.tooManyCopies(copiesWanted));
      if (copiesWanted > BOOK_IMPORT_CONFIRM_COPIES && confirmedCopies !== copiesWanted) {
        throw new HttpError(
          409,
          ERROR_CODES.conflict,
          M.confirmCopies(books.length, copiesWanted),
          {},
          {
            confirm: { confirm_copies: String(copiesWanted) },
          },
        );
      }
      const base = { organizationId: school.organizationId, schoolId: school.id };
      return db.transaction(async (tx) => {
        await repo.lockSchoolBarcodes(school.id, tx);
        const taken = await repo.takenBarcodes(
          school.id,
          books.flatMap((b) => b.barcodes),
          tx,
        );
        for (const b of books) {
          const clash = b.barcodes.filter((code) => taken.has(code));
          if (clash.length > 0) errors.add(b.line, clash.map(M.barcodeTaken).join('; '));
        }
        errors.throwIfAny();

        // Categories by name in the school; the missing ones are created once.
        const categories = new Map((await repo.categoriesOf(school.id, tx)).map((c) => [sameName(c.name), c.id]));
        // The first spelling met names a new category.
        const missing = new Map<string, string>();
        for (const b of books) {
          const key = b.category ? sameName(b.category) : null;
          if (key && !categories.has(key) && !missing.has(key)) missing.set(key, b.category!);
        }
        for (const c of await repo.insertCategories(
          [...missing.values()].map((name) => ({ ...base, name })),
          tx,
        )) {
          categories.set(sameName(c.name), c.id);
        }
        const ids = await repo.insertMany(
          books.map((b) => ({
            ...base,
            ...b.values,
            categoryId: b.category ? categories.get(sameName(b.category))! : null,
          })),
          tx,
        );
        await repo.addHistory(
          ids.map((bookId) => ({
            organizationId: school.organizationId,
            bookId,
            action: 'created' as const,
            librarianId: actor.userId,
          })),
          tx,
        );

        // Labels as given, then the generated numbers after the school's copies so far, skipping any taken.
        const wanted = books.reduce((n, b) => n + b.count, 0);
        const generated: string[] = [];
        const given = new Set(books.flatMap((b) => b.barcodes));
        for (let n = (await repo.barcodesEver(school.id, tx)) + 1; generated.length < wanted; n += wanted) {
          const batch = Array.from({ length: wanted }, (_, i) => generatedBarcode(school.id, n + i)).filter(
            (c) => !given.has(c),
          );
          const busy = await repo.takenBarcodes(school.id, batch, tx);
          generated.push(...batch.filter((c) => !busy.has(c)).slice(0, wanted - generated.length));
        }
        const importId = await repo.insertImport(
          { ...base, librarianId: actor.userId, books: ids.length, copies: copiesWanted },
          tx,
        );
        let next = 0;
        const labels = books.flatMap((b, i) =>
          [...b.barcodes, ...generated.slice(next, (next += b.count))].map((barcode) => ({ bookId: ids[i]!, barcode })),
        );
        const copies = await repo.insertImportCopies({ ...base, importId, librarianId: actor.userId }, labels, tx);
        return { imported: ids.length, created: ids.length, updated: 0, copies, import_id: importId };
      });
    },

    /** The template: every column on the sheet read, example rows on a sheet of their own. */
    async template() {
      const body = await templateBuffer(
        M.sheet,
        KEYS.map((k) => ({
          header: C[k][0],
          width: k === 'name' || k === 'authors' ? 34 : k === 'barcodes' ? 30 : 18,
        })),
        [
          [
            'Алгебра. 7 класс',
            'Абылкасымова А. Е.',
            'Мектеп',
            2017,
            'Учебники',
            'русский',
            'математика',
            'основная школа',
            'учебник',
            '4607001, 4607002',
            '',
          ],
          [
            'Путь Абая',
            'Ауэзов М.',
            'Жазушы',
            2015,
            'Художественная литература',
            'русский',
            '',
            '',
            'художественная книга',
            '',
            3,
          ],
        ],
      );
      return { fileName: `${M.template}.xlsx`, body };
    },
  };
}

/** The labels of one book file, a page at a time: for the import's school only, else not found. */
export function createImportLabels(db: Db, schools: SchoolsService) {
  const repo = createBooksRepository(db);
  return async (actor: Actor, importId: number, page: BookImportLabelsQuery): Promise<BookImportLabels> => {
    const found = await repo.findImport(importId);
    if (!found || !(await schools.findVisible(actor, found.schoolId))) throw notFound(M.importNotFound);
    const { rows, total } = await repo.importLabels(importId, page);
    return {
      id: found.id,
      school_id: found.schoolId,
      created_at: found.createdAt.toISOString(),
      books: found.books,
      copies: found.copies,
      total,
      rows,
    };
  };
}
