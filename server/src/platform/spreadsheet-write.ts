import type ExcelJSModule from 'exceljs';
import type { DataValidation } from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES } from '@tamaq/contract/imports';
import { translate, type Language } from '@tamaq/contract/languages';

/** Writing workbooks: templates, exports and the cells' formats. */

/**
 * exceljs is loaded the first time a workbook is written: it is the slowest package to load (half
 * a second) and is not needed before the first download.
 */
let exceljs: Promise<typeof ExcelJSModule> | null = null;
const loadExcelJS = () => (exceljs ??= import('exceljs').then((m) => m.default));

export const EXCEL_DATE = 'dd\\.mm\\.yyyy';
export const EXCEL_DATE_TIME = 'dd\\.mm\\.yyyy hh:mm';

/**
 * A calendar day ('YYYY-MM-DD') and a wall-clock time ('HH:mm') as an Excel date cell: a date a user
 * can sort, filter and subtract, not text. Excel has no time zones: the Date carries the local day
 * and time as its UTC fields, which is what the file stores.
 */
export const excelDate = (day: string, time = '00:00'): Date => new Date(`${day}T${time}:00Z`);

export interface XlsxColumn {
  header: string;
  width?: number;
  /** Excel's number format of the column's cells, e.g. '#,##0.00' for money. */
  numFmt?: string;
  /**
   * An import template's column: the values its cells are picked from (a drop-down of the
   * organization's classes, say), kept on a hidden sheet. Another value is warned of, not refused:
   * the import forgives the way a class is written («5 В» for «5 «В»»).
   */
  choices?: readonly string[];
}

/** The rows of an import template's sheet that offer a column's choices. */
const CHOICE_ROWS = 5000;

/** A column's letters: 0 → A, 26 → AA. */
const columnLetters = (index: number): string =>
  (index >= 26 ? columnLetters(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/**
 * A one-sheet workbook with a bold header row, for downloads and import templates; `footer` rows
 * (totals) follow the rows after a blank one, in bold.
 */
export async function xlsxBuffer(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly (string | number | Date | null)[][],
  footer: readonly (string | number | null)[][] = [],
): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? 20,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row as (string | number | Date | null)[]);
  if (footer.length > 0) {
    sheet.addRow([]);
    for (const row of footer) sheet.addRow(row as (string | number | null)[]).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * An import template: the first sheet, the one an import reads, with the headers only; a second
 * sheet «Пример» with the same headers, example rows and a note that it is not read. Examples on the
 * first sheet were imported as real classes and people when a file was filled in below them.
 */
export async function templateBuffer(
  sheetName: string,
  columns: readonly XlsxColumn[],
  examples: readonly (string | number | null)[][],
  language: Language = 'ru',
): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const book = new ExcelJS.Workbook();
  const sheetOf = (name: string) => {
    const sheet = book.addWorksheet(name.slice(0, 31));
    sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20, style: { numFmt: '@' } }));
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  const main = sheetOf(sheetName);
  const example = sheetOf(translate(IMPORT_MESSAGES.exampleSheet, language));
  for (const row of examples) example.addRow(row as (string | number | null)[]);
  example.addRow([]);
  example.addRow([translate(IMPORT_MESSAGES.exampleNote(sheetName), language)]).font = { italic: true };
  // Each column with choices: a drop-down of them, listed on a hidden sheet (no 255-character limit
  // as in the rule itself), after the example so that the sheets a person reads come first.
  const chosen = columns.flatMap((c, at) => (c.choices?.length ? [{ c, at }] : []));
  if (chosen.length) {
    const listsName = translate(IMPORT_MESSAGES.listsSheet, language);
    const lists = book.addWorksheet(listsName, { state: 'hidden' });
    chosen.forEach(({ c, at }, k) => {
      const letter = columnLetters(k);
      lists.getColumn(k + 1).values = [c.header, ...c.choices!];
      // The sheet's ranged validations: in exceljs 4, not in its typings.
      (main as unknown as { dataValidations: { add(range: string, v: DataValidation): void } }).dataValidations.add(
        `${columnLetters(at)}2:${columnLetters(at)}${CHOICE_ROWS + 1}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`'${listsName}'!$${letter}$2:$${letter}$${c.choices!.length + 1}`],
          showErrorMessage: true,
          errorStyle: 'warning',
          errorTitle: c.header,
          error: translate(IMPORT_MESSAGES.notInList, language),
        },
      );
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A name inside a file name: characters Windows refuses in names become '_', line breaks spaces. */
export const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);

/** 'YYYY-MM-DD' -> 'dd.MM.yyyy' (docs/product.md "Limits"), as sheets show dates. */
export const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The headers of a workbook download, with a Cyrillic file name that every browser shows right. */
export function workbookOf(rows: (string | number)[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Лист1');
  return XLSX.write(book, { type: 'buffer', bookType: bookType === 'xls' ? 'biff8' : 'xlsx' }) as Buffer;
}
