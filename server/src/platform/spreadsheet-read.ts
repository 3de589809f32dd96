import { Worker } from 'node:worker_threads';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_FIELD,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_MESSAGES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '@tamaq/contract/imports';
import { ValidationError } from './http/errors.ts';

/**
 * Reading imports (writing downloads: spreadsheet-write.ts, sending them: spreadsheet-reply.ts). A file is judged by its bytes, not its name: an executable
 * renamed `.xlsx` is refused before the parser sees it, a zip that would inflate past
 * MAX_INFLATED_BYTES is refused by its own directory before it is inflated (and, should the directory
 * lie, by the worker as the bytes come out), and what is parsed is parsed in a worker thread with a
 * memory limit and a deadline.
 */

const MAX_INFLATED_BYTES = 100 * 1024 * 1024;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const refuse = (message: string) => ValidationError.field(IMPORT_FIELD, message);

/** The one file of a multipart import body (the multipart plugin limits its size). */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadParts(request)).file;
}

/** The file of a multipart import body and its text fields (the first value of each). */
export async function readUploadParts(
  request: FastifyRequest,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw refuse(IMPORT_MESSAGES.required);
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (file === null) file = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw refuse(code === 'FST_REQ_FILE_TOO_LARGE' ? IMPORT_MESSAGES.tooBig : IMPORT_MESSAGES.required);
  }
  if (!file?.length) throw refuse(IMPORT_MESSAGES.required);
  return { file, fields };
}

/** Sum of the uncompressed sizes a zip's central directory declares, or null when it has none. */
function declaredZipSize(buf: Buffer): number | null {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    total += buf.readUInt32LE(at + 24);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

/** Limits of the parsing worker: a file that needs more is refused, and the server carries on. */
/** The memory a spreadsheet worker may take. */
export const WORKER_MEMORY_MB = 384;
const WORKER_TIMEOUT_MS = 30_000;
const WORKER_URL = new URL('./spreadsheet-worker.mjs', import.meta.url);

/** Parses in a worker thread with its own memory limit and a deadline (spreadsheet-worker.mjs). */
function parseInWorker(buf: Buffer): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const worker = new Worker(WORKER_URL, {
      workerData: {
        bytes: buf,
        maxRows: IMPORT_MAX_ROWS + 2,
        maxColumns: IMPORT_MAX_COLUMNS,
        maxInflated: MAX_INFLATED_BYTES,
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
      // Plain JavaScript: no TypeScript loader needed (and none inherited).
      execArgv: [],
    });
    const timer = setTimeout(() => {
      settle(() => reject(refuse(IMPORT_MESSAGES.tooBig)));
      void worker.terminate();
    }, WORKER_TIMEOUT_MS);
    worker.once('message', (m: { rows?: string[][]; error?: string }) => {
      const failed = m.error === 'tooBig' ? IMPORT_MESSAGES.tooBig : IMPORT_MESSAGES.unreadable;
      settle(() => (m.rows ? resolve(m.rows) : reject(refuse(failed))));
      void worker.terminate();
    });
    // Out of memory or a crash inside the parser: the file is too much for us, not a server error.
    worker.once('error', () => settle(() => reject(refuse(IMPORT_MESSAGES.tooBig))));
    worker.once('exit', () => settle(() => reject(refuse(IMPORT_MESSAGES.tooBig))));
  });
}

/**
 * The first sheet as rows of trimmed strings (at most IMPORT_MAX_COLUMNS each), blank rows kept so
 * that row numbers match what the user sees in Excel: rows[0] is Excel's row 1. The bytes are
 * checked here; the parsing runs in a worker thread, so a heavy file never stalls the scans.
 */
export async function parseSpreadsheet(buf: Buffer): Promise<string[][]> {
  const isZip = buf.subarray(0, 4).equals(ZIP);
  if (!isZip && !buf.subarray(0, 8).equals(OLE)) throw refuse(IMPORT_MESSAGES.notSpreadsheet);
  if (isZip) {
    const inflated = declaredZipSize(buf);
    if (inflated === null) throw refuse(IMPORT_MESSAGES.unreadable);
    if (inflated > MAX_INFLATED_BYTES) throw refuse(IMPORT_MESSAGES.tooBig);
  }
  const rows = await parseInWorker(buf);
  while (rows.length && rows[rows.length - 1]!.every((v) => v === '')) rows.pop();
  if (rows.length > IMPORT_MAX_ROWS + 1) throw refuse(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  return rows;
}

export interface ColumnSpec<K extends string> {
  key: K;
  /** Header titles accepted for this column, compared case-insensitively. */
  titles: readonly string[];
  required: boolean;
}

export interface SheetRow<K extends string> {
  /** The row number as Excel shows it. */
  line: number;
  values: Record<K, string>;
}

/**
 * Control characters a cell may not carry: NUL (`_x0000_` in the file), which PostgreSQL refuses in
 * text, and the other C0 controls, which no name or class holds. Tab and line breaks stay.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Finds the columns by the header row (the first non-blank row) and returns the data rows under it,
 * skipping blank ones. A missing required column refuses the whole file; a row with a control
 * character in a column read goes to `errors` with its column, not to the rows.
 */
export function readTable<K extends string>(
  rows: string[][],
  columns: readonly ColumnSpec<K>[],
  errors: RowErrors,
): SheetRow<K>[] {
  const headerAt = rows.findIndex((r) => r.some((v) => v !== ''));
  if (headerAt < 0) throw refuse(IMPORT_MESSAGES.empty);
  const header = rows[headerAt]!.map((v) => v.toLowerCase().replace(/\*/g, '').trim());
  const index = new Map<K, number>();
  for (const col of columns) {
    const at = header.findIndex((h) => col.titles.some((t) => t.toLowerCase() === h));
    if (at >= 0) index.set(col.key, at);
    else if (col.required) throw refuse(IMPORT_MESSAGES.missingColumn(col.titles[0]!));
  }
  const out: SheetRow<K>[] = [];
  for (let r = headerAt + 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((v) => v === '')) continue;
    const values = {} as Record<K, string>;
    let bad: string | null = null;
    for (const col of columns) {
      const at = index.get(col.key);
      const value = at === undefined ? '' : (row[at] ?? '');
      if (bad === null && BAD_CHARACTER.test(value)) bad = rows[headerAt]![at!] || col.titles[0]!;
      values[col.key] = value;
    }
    if (bad !== null) errors.add(r + 1, IMPORT_MESSAGES.badCharacter(bad.replace(/\*/g, '').trim()));
    else out.push({ line: r + 1, values });
  }
  if (!out.length && !errors.count) throw refuse(IMPORT_MESSAGES.empty);
  return out;
}

/** Collects row problems and refuses the import with all of them (capped) when there is any. */
export class RowErrors {
  private readonly found: { line: number; message: string }[] = [];
  add(line: number, message: string): void {
    this.found.push({ line, message });
  }
  get count(): number {
    return this.found.length;
  }
  /** The lines with a problem. */
  lines(): Set<number> {
    return new Set(this.found.map((e) => e.line));
  }
  /** Each problem, in the order of the rows (a row's own in the order found). */
  all(): { line: number; message: string }[] {
    return [...this.found].sort((a, b) => a.line - b.line);
  }
  /** Every problem as «строка N: …», in the order of the rows, capped with how many more. */
  messages(): string[] {
    const sorted = this.all();
    const shown = sorted.slice(0, IMPORT_MAX_MESSAGES).map((e) => IMPORT_MESSAGES.row(e.line, e.message));
    if (sorted.length > shown.length) shown.push(IMPORT_MESSAGES.more(sorted.length - shown.length));
    return shown;
  }
  /** Refuses with every problem in the order of the rows, whichever check found it first. */
  throwIfAny(): void {
    if (!this.found.length) return;
    throw new ValidationError({ [IMPORT_FIELD]: this.messages() });
  }
}

/**
 * Excel's formats of a date and of a date with its time, as the screens write them. The dots are
 * escaped literals: Excel reads 'dd.mm.yyyy' too, but other readers (SheetJS) take its '.' after
 * 'mm' for a fraction of a second and fail.
 */
