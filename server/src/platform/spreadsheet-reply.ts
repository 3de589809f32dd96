import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import { translate, type Language } from '@tamaq/contract/languages';
import { requestLanguage } from './http/answer-language.ts';
import { WORKER_MEMORY_MB } from './spreadsheet-read.ts';
import { templateBuffer, xlsxBuffer, type XlsxColumn } from './spreadsheet-write.ts';
import { takeTurns } from './turns.ts';

/** Sending workbooks as downloads: a finished file, or a report written by a worker as it goes. */

function asXlsxDownload(reply: FastifyReply, fileName: string): FastifyReply {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store');
}

/** Sends a workbook as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer): FastifyReply {
  return asXlsxDownload(reply, fileName).send(body);
}

type Cell = string | number | null;

/**
 * A workbook's own words in the request's language (a download link's `lang`, else its
 * `Accept-Language`): sheet names, headings, column headers, totals and example rows are texts
 * declared with their Kazakh twin and turn; names and numbers from the database are left as they are.
 */
const wordsOf = (reply: FastifyReply) => {
  const language = requestLanguage(reply.request);
  return { language, word: (text: string) => translate(text, language) };
};
const cellIn = <T>(cell: T, language: Language): T =>
  typeof cell === 'string' ? (translate(cell, language) as T) : cell;

/**
 * A download's file name in `language`: whole when a text with a twin made it, else its leading
 * words (a report's or a template's name) before the names and dates that follow them.
 */
export function fileNameIn(name: string, language: Language): string {
  if (language === 'ru') return name;
  const base = name.replace(/\.xlsx$/, '');
  const ext = name.slice(base.length);
  for (const whole of [name, base]) {
    const turned = translate(whole, language);
    if (turned !== whole) return whole === name ? turned : turned + ext;
  }
  const words = base.split(' ');
  for (let i = words.length - 1; i > 0; i--) {
    const head = words.slice(0, i).join(' ');
    const turned = translate(head, language);
    if (turned !== head) return `${turned} ${words.slice(i).join(' ')}${ext}`;
  }
  return name;
}

/** A one-sheet workbook: a list with its header row, and the totals under it. */
export interface SheetFile {
  fileName: string;
  sheetName: string;
  columns: readonly XlsxColumn[];
  rows: readonly (string | number | Date | null)[][];
  footer?: readonly (string | number | null)[][];
}

/** An import template: the sheet an import reads, headers only; examples on a sheet of their own. */
export interface ImportTemplate {
  fileName: string;
  sheetName: string;
  columns: readonly XlsxColumn[];
  examples: readonly (string | number | null)[][];
}

/** A one-sheet workbook as a download, in the request's language. */
export async function sendSheet(reply: FastifyReply, file: SheetFile): Promise<FastifyReply> {
  const { language, word } = wordsOf(reply);
  const body = await xlsxBuffer(
    word(file.sheetName),
    file.columns.map((c) => ({ ...c, header: word(c.header) })),
    file.rows,
    (file.footer ?? []).map((row) => row.map((cell) => cellIn(cell, language))),
  );
  return sendXlsx(reply, fileNameIn(file.fileName, language), body);
}

/** An import template as a download, in the request's language: its headings, examples and note. */
export async function sendTemplate(reply: FastifyReply, file: ImportTemplate): Promise<FastifyReply> {
  const { language, word } = wordsOf(reply);
  const body = await templateBuffer(
    word(file.sheetName),
    file.columns.map((c) => ({ ...c, header: word(c.header) })),
    file.examples.map((row) => row.map((cell) => cellIn(cell, language))),
    language,
  );
  return sendXlsx(reply, fileNameIn(file.fileName, language), body);
}

/** A report as a sheet: its heading lines (name and filters), the table, and the totals under it. */
export interface XlsxReport {
  sheetName: string;
  heading: readonly string[];
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly Cell[]>;
  /**
   * Rows the worker puts together after `rows`: each row's label cells, then its cell of each day
   * (found by the row's key in the day's cells, JSON text as the database wrote it), then its total.
   * A year of a big school is hundreds of thousands of cells: parsed and laid out on the server's
   * thread, they cost it a tenth of a second of garbage collection beside the scans.
   */
  grid?: { labels: (readonly Cell[])[]; keys: string[]; totals: number[]; days: string[] };
  footer?: readonly (readonly Cell[])[];
}

const REPORT_WORKER_URL = new URL('./xlsx-report-worker.mjs', import.meta.url);
/** Rows per message to the report's worker. */
const REPORT_BATCH = 200;

/**
 * Sends a report as a workbook written row by row into the answer by a worker thread
 * (xlsx-report-worker.mjs, exceljs' streaming writer): the heading lines in bold, a blank line, the
 * bold header row, the rows, and the totals in bold; landscape A4, fitted to the page's width. The
 * file is never whole in memory, and neither exceljs nor the writing runs on the thread that records
 * the scans: it only hands the rows over, a slice at a time.
 */
export async function sendXlsxReport(reply: FastifyReply, fileName: string, report: XlsxReport): Promise<FastifyReply> {
  const stream = new PassThrough();
  const { language, word } = wordsOf(reply);
  const worker = new Worker(REPORT_WORKER_URL, {
    workerData: {
      sheetName: word(report.sheetName),
      heading: report.heading.map(word),
      columns: report.columns.map((c) => ({ ...c, header: word(c.header) })),
    },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    execArgv: [],
  });
  let ended = false;
  const fail = (err: Error) => {
    if (ended) return;
    ended = true;
    stream.destroy(err);
    void worker.terminate();
  };
  worker.on('message', (m: { chunk?: Uint8Array; end?: true; error?: string }) => {
    if (m.chunk) stream.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
    else if (m.end && !ended) {
      ended = true;
      stream.end();
    } else if (m.error) fail(new Error(m.error));
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the workbook was not finished')));
  // The person went away: the workbook is not written on for nobody.
  reply.raw.once('close', () => fail(new Error('the answer was closed')));

  const feed = async () => {
    const turn = takeTurns();
    let batch: (readonly Cell[])[] = [];
    for (const row of report.rows) {
      batch.push(row);
      if (batch.length === REPORT_BATCH) {
        worker.postMessage({ rows: batch });
        batch = [];
      }
      await turn();
      if (ended) return;
    }
    if (batch.length > 0) worker.postMessage({ rows: batch });
    if (report.grid) worker.postMessage({ grid: report.grid });
    worker.postMessage({
      rows: [],
      footer: (report.footer ?? []).map((row) => row.map((cell) => cellIn(cell, language))),
    });
  };
  feed().catch((err: Error) => fail(err));
  return asXlsxDownload(reply, fileNameIn(fileName, language)).send(stream);
}

/** A workbook built in memory from rows, for tests and the benchmark (xlsx, or biff8 `.xls`). */
