/** The book import's rows: the columns it reads, and each row checked on its own and against the file. */
import {
  BOOK_COUNT_MAX,
  BOOK_IMPORT_COLUMNS as C,
  BOOK_IMPORT_MESSAGES as M,
  BOOK_TEXT_MAX,
  bookBarcode,
  bookYear,
} from '@tamaq/contract/library';
import { readTable, type RowErrors } from '../../platform/spreadsheet.ts';
import type { BookValues } from './books.repository.ts';

type Key = keyof typeof C;
export const BOOK_COLUMNS = Object.keys(C) as Key[];
const REQUIRED: Key[] = ['name', 'authors', 'publisher', 'year'];
const TEXTS: Key[] = ['name', 'authors', 'publisher', 'category', 'language', 'discipline', 'direction', 'type'];
export const sameName = (name: string) => name.toLocaleLowerCase('ru');

export interface PlannedBook {
  line: number;
  values: BookValues;
  category: string | null;
  barcodes: string[];
  count: number;
}

/** A row's barcodes: separated by commas, semicolons or whitespace. */
const splitBarcodes = (cell: string) => cell.split(/[,;\s]+/).filter(Boolean);

/** The rows as books to write; a refused row's barcodes go to `refused`, to be checked too. */
export const planBooks = (
  rows: string[][],
  errors: RowErrors,
  refused: { line: number; barcodes: string[] }[],
): PlannedBook[] => {
  const table = readTable(
    rows,
    BOOK_COLUMNS.map((key) => ({ key, titles: C[key], required: REQUIRED.includes(key) })),
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
      refused.push({ line, barcodes });
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
