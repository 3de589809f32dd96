import { IMPORT_MESSAGES } from '@tamaq/contract/imports';
import { translate, type Language } from '@tamaq/contract/languages';
import type { Db } from './db/client.ts';
import type { RowErrors } from './spreadsheet-read.ts';
import type { SheetFile } from './spreadsheet-reply.ts';

/**
 * What the imports share for rows with a problem (docs/rules.md "Imports"): a check that writes
 * nothing, the valid rows loaded without the others, and the others as a workbook to correct.
 */

/** Thrown to roll a check's transaction back once its answer is known. */
class CheckOnly extends Error {
  constructor(readonly answer: unknown) {
    super('check only');
  }
}

/**
 * Runs the import's write in a transaction that is rolled back: the answer is what the write would
 * do, counted by the same code, and nothing stays.
 */
export async function dryRun<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new CheckOnly(await write(tx));
    });
  } catch (err) {
    if (err instanceof CheckOnly) return err.answer as T;
    throw err;
  }
  throw new Error('unreachable');
}

/** The rows set aside, said in the reader's language (an answer of 200 is not translated on the way out). */
export const rejectedOf = (errors: RowErrors, language: Language) =>
  errors.count ? { rows: errors.lines().size, messages: errors.messages().map((m) => translate(m, language)) } : null;

/**
 * The rows of the file that would not import, as they were, each with its reason in a last column:
 * the file to correct and load again. `sheet` is the file's first sheet as read.
 */
export function rejectedWorkbook(sheet: string[][], errors: RowErrors, language: Language): SheetFile {
  const reasons = new Map<number, string[]>();
  for (const e of errors.all()) reasons.set(e.line, [...(reasons.get(e.line) ?? []), e.message]);
  const headerAt = sheet.findIndex((r) => r.some((v) => v !== ''));
  const header = sheet[headerAt] ?? [];
  const width = Math.max(header.length, ...[...reasons.keys()].map((line) => sheet[line - 1]?.length ?? 0));
  const M = IMPORT_MESSAGES;
  return {
    fileName: M.rejectedFile,
    sheetName: M.rejectedSheet,
    // Every cell as text: an IIN or a card keeps its leading zeros when opened again.
    columns: [
      ...Array.from({ length: width }, (_, i) => ({ header: header[i] ?? '', width: 20, numFmt: '@' })),
      { header: M.reasonColumn, width: 60 },
    ],
    rows: [...reasons.entries()].map(([line, messages]) => [
      ...Array.from({ length: width }, (_, i) => sheet[line - 1]?.[i] ?? ''),
      messages.map((m) => translate(m, language)).join('; '),
    ]),
  };
}
