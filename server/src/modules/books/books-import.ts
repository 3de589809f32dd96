import { createHash } from 'node:crypto';
import { withKazakh, type Language } from '@tamaq/contract/languages';
import {
  BOOK_IMPORT_CONFIRM_COPIES,
  BOOK_IMPORT_COPIES_MAX,
  BOOK_IMPORT_HEADERS,
  BOOK_IMPORT_MESSAGES as M,
  LIBRARY_MESSAGES,
  type BookImportLabels,
  type BookImportLabelsQuery,
  type BookImportResult,
} from '@tamaq/contract/library';
import { IMPORT_FIELD, type IMPORT_MODES, type IMPORT_ROWS } from '@tamaq/contract/imports';
import { ERROR_CODES } from '@tamaq/contract/errors';
import type { Actor } from '../../platform/auth/actors.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, notFound, ValidationError } from '../../platform/http/errors.ts';
import { parseSpreadsheet, RowErrors, type SheetFile } from '../../platform/spreadsheet.ts';
import { rejectedOf, rejectedWorkbook } from '../../platform/import-rows.ts';

type ImportMode = (typeof IMPORT_MODES)[number];
type ImportRows = (typeof IMPORT_ROWS)[number];
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBooksRepository } from './books.repository.ts';
import { generatedBarcode } from './book-copies.service.ts';
import { BOOK_COLUMNS, planBooks, sameName } from './books-import-rows.ts';

/**
 * Book import (docs/product.md "Calls" `POST /api/books/upload`): every row or none. A row may bring the
 * barcodes already on its copies' labels (a library that labelled its books keeps them) or a number
 * of copies to generate; a category is found by its name in the school, or created.
 */
/** The template's example books, as a librarian of a Russian or a Kazakh school would fill them in. */
const TEMPLATE_EXAMPLES = withKazakh(
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
  ] as const,
  [
    [
      'Алгебра. 7-сынып',
      'Абылқасымова А. Е.',
      'Мектеп',
      2017,
      'Оқулықтар',
      'қазақ',
      'математика',
      'негізгі мектеп',
      'оқулық',
      '4607001, 4607002',
      '',
    ],
    ['Абай жолы', 'Әуезов М.', 'Жазушы', 2015, 'Көркем әдебиет', 'қазақ', '', '', 'көркем кітап', '', 3],
  ],
);

export function createBooksImport(db: Db, schools: SchoolsService) {
  const repo = createBooksRepository(db);

  /**
   * The file's rows read and checked against the library: each book with the copies it brings, and
   * each problem with its row (barcodes the school has already among them).
   */
  const readImport = async (actor: Actor, schoolId: number | undefined, sheet: string[][]) => {
    const school = schoolId === undefined ? null : await schools.findVisible(actor, schoolId);
    if (!school) throw ValidationError.field('school_id', LIBRARY_MESSAGES.schoolNotFound);
    const errors = new RowErrors();
    const refused: { line: number; barcodes: string[] }[] = [];
    const rows = planBooks(sheet, errors, refused);

    // What the library has already, read before asking anything, so every problem is said at once:
    // books the file names again, and the copies that carry its barcodes.
    const matched = await repo.matchingBooks(
      school.id,
      rows.map((b) => ({
        name: b.values.name,
        authors: b.values.authors,
        publisher: b.values.publisher,
        year: b.values.year,
      })),
    );
    const owners = await repo.barcodeOwners(
      school.id,
      [...rows, ...refused].flatMap((b) => b.barcodes),
    );
    const books = rows.map((b, i) => {
      const book = matched.get(i) ?? null;
      const clash = b.barcodes.filter((code) => owners.has(code) && owners.get(code) !== book?.id);
      if (clash.length > 0) errors.add(b.line, clash.map(M.barcodeTaken).join('; '));
      // A label already on this very book is there: a file imported again adds nothing for it.
      return { ...b, existing: book, barcodes: b.barcodes.filter((code) => !owners.has(code)) };
    });
    for (const r of refused) {
      const clash = r.barcodes.filter((code) => owners.has(code));
      if (clash.length > 0) errors.add(r.line, clash.map(M.barcodeTaken).join('; '));
    }
    return { school, books, errors };
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
      confirmed: { copies?: number; plan?: string } = {},
      q: { mode: ImportMode; rows: ImportRows } = { mode: 'write', rows: 'all' },
      language: Language = 'ru',
    ): Promise<BookImportResult> {
      const read = await readImport(actor, schoolId, await parseSpreadsheet(file));
      const { school, errors } = read;
      // Lenient: a check, or a write of the valid rows only, sets the rows with a problem aside.
      const lenient = q.mode === 'check' || q.rows === 'valid';
      if (!lenient) errors.throwIfAny();
      const rejected = rejectedOf(errors, language);
      const bad = errors.lines();
      const books = read.books.filter((b) => !bad.has(b.line));
      const setAside = lenient ? { rejected_rows: rejected?.rows ?? 0 } : {};

      const copiesWanted = books.reduce((n, b) => n + b.barcodes.length + b.count, 0);
      if (copiesWanted > BOOK_IMPORT_COPIES_MAX)
        throw ValidationError.field(IMPORT_FIELD, M.tooManyCopies(copiesWanted));
      const fresh = books.filter((b) => b.existing === null);
      const known = new Set((await repo.categoriesOf(school.id)).map((c) => sameName(c.name)));
      // The first spelling met names a new category, as when it is created.
      const firstSpelling = new Map<string, string>();
      for (const b of fresh) {
        const key = b.category ? sameName(b.category) : null;
        if (key && !known.has(key) && !firstSpelling.has(key)) firstSpelling.set(key, b.category!);
      }
      const newCategories = [...firstSpelling.values()];
      const again = books.filter((b) => b.existing !== null && b.barcodes.length + b.count > 0);
      const againCopies = again.reduce((n, b) => n + b.barcodes.length + b.count, 0);

      if (q.mode === 'check')
        return {
          imported: books.length,
          created: fresh.length,
          updated: new Set(again.map((b) => b.existing!.id)).size,
          copies: copiesWanted,
          ...setAside,
          ...(rejected ? { rejected: rejected.messages } : {}),
        };

      // Asked once, all together: thousands of copies, categories a file would create (a typo makes a
      // new one), and copies added to books the library has already (a file imported twice).
      const questions: string[] = [];
      const confirm: Record<string, string> = {};
      if (copiesWanted > BOOK_IMPORT_CONFIRM_COPIES && confirmed.copies !== copiesWanted) {
        questions.push(M.copiesPart(fresh.length, copiesWanted));
        confirm.confirm_copies = String(copiesWanted);
      }
      const planToken = createHash('sha256')
        .update(
          JSON.stringify([newCategories.map(sameName).sort(), again.map((b) => [b.existing!.id, b.barcodes, b.count])]),
        )
        .digest('hex')
        .slice(0, 16);
      if ((newCategories.length > 0 || again.length > 0) && confirmed.plan !== planToken) {
        if (newCategories.length > 0) questions.push(M.newCategories(newCategories));
        if (again.length > 0)
          questions.push(
            M.booksAgain([...new Map(again.map((b) => [b.existing!.id, b.existing!.name])).values()], againCopies),
          );
        confirm.confirm_plan = planToken;
      }
      if (questions.length > 0)
        throw new HttpError(409, ERROR_CODES.conflict, `${questions.join(' ')} ${M.proceed}`, {}, { confirm });

      const base = { organizationId: school.organizationId, schoolId: school.id };
      return db.transaction(async (tx) => {
        await repo.lockSchoolBarcodes(school.id, tx);
        // Read again under the lock: a copy labelled a moment ago by the desk is caught here.
        const taken = await repo.takenBarcodes(
          school.id,
          books.flatMap((b) => b.barcodes),
          tx,
        );
        const late = new RowErrors();
        for (const b of books) {
          const clash = b.barcodes.filter((code) => taken.has(code));
          if (clash.length > 0) late.add(b.line, clash.map(M.barcodeTaken).join('; '));
        }
        late.throwIfAny();

        // Categories by name in the school; the missing ones (agreed to above) are created once.
        const categories = new Map((await repo.categoriesOf(school.id, tx)).map((c) => [sameName(c.name), c.id]));
        // The first spelling met names a new category.
        const missing = new Map<string, string>();
        for (const b of fresh) {
          const key = b.category ? sameName(b.category) : null;
          if (key && !categories.has(key) && !missing.has(key)) missing.set(key, b.category!);
        }
        for (const c of await repo.insertCategories(
          [...missing.values()].map((name) => ({ ...base, name })),
          tx,
        )) {
          categories.set(sameName(c.name), c.id);
        }
        const created = await repo.insertMany(
          fresh.map((b) => ({
            ...base,
            ...b.values,
            categoryId: b.category ? categories.get(sameName(b.category))! : null,
          })),
          tx,
        );
        await repo.addHistory(
          created.map((bookId) => ({
            organizationId: school.organizationId,
            bookId,
            action: 'created' as const,
            librarianId: actor.userId,
          })),
          tx,
        );
        const createdIds = new Map(fresh.map((b, i) => [b, created[i]!]));
        const ids = books.map((b) => b.existing?.id ?? createdIds.get(b)!);

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
          { ...base, librarianId: actor.userId, books: created.length, copies: copiesWanted },
          tx,
        );
        let next = 0;
        const labels = books.flatMap((b, i) =>
          [...b.barcodes, ...generated.slice(next, (next += b.count))].map((barcode) => ({ bookId: ids[i]!, barcode })),
        );
        const copies = await repo.insertImportCopies({ ...base, importId, librarianId: actor.userId }, labels, tx);
        const updated = new Set(books.filter((b) => b.existing !== null).map((b) => b.existing!.id)).size;
        return {
          imported: books.length,
          created: created.length,
          updated,
          copies,
          import_id: importId,
          ...setAside,
          ...(rejected ? { skipped: rejected.messages } : {}),
        };
      });
    },

    /** The rows of the file that would not import, with their reasons: the file to correct. Nothing is written. */
    async rejectedRows(
      actor: Actor,
      schoolId: number | undefined,
      file: Buffer,
      language: Language,
    ): Promise<SheetFile> {
      const sheet = await parseSpreadsheet(file);
      const { errors } = await readImport(actor, schoolId, sheet);
      return rejectedWorkbook(sheet, errors, language);
    },

    /** The template: every column on the sheet read, example rows on a sheet of their own. */
    template: () => ({
      fileName: `${M.template}.xlsx`,
      sheetName: M.sheet,
      columns: BOOK_COLUMNS.map((k) => ({
        header: BOOK_IMPORT_HEADERS[k],
        width: k === 'name' || k === 'authors' ? 34 : k === 'barcodes' ? 30 : 18,
      })),
      examples: TEMPLATE_EXAMPLES.map((row) => [...row]),
    }),
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
