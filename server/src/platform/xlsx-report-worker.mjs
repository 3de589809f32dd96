// Writes one report workbook off the main thread (see sendXlsxReport in spreadsheet.ts): exceljs
// (half a second to load, 30 MB) and the writing of a year's sheet stay out of the thread that
// records scans at lunch. Rows come in batches; the file's bytes go back as they are made.
// Plain JavaScript, so it runs without the TypeScript loader.
import { PassThrough } from 'node:stream';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

// This thread only, on Linux (where a priority belongs to a thread): the scans' thread keeps the
// cores while a workbook is written or read. Elsewhere it would lower the whole server: left as is.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    /* not allowed: runs at the server's priority */
  }
}

const { sheetName, heading, columns } = workerData;
const stream = new PassThrough();
stream.on('data', (chunk) => parentPort.postMessage({ chunk: new Uint8Array(chunk) }));
stream.on('end', () => parentPort.postMessage({ end: true }));

const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
const sheet = book.addWorksheet(sheetName.slice(0, 31), {
  pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
});
sheet.columns = columns.map((c) => ({ width: c.width ?? 20, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
const add = (cells, bold = false) => {
  const row = sheet.addRow(cells);
  if (bold) row.font = { bold: true };
  row.commit();
};
for (const line of heading) add([line], true);
add([]);
add(
  columns.map((c) => c.header),
  true,
);

/** A grid's rows: the labels, each day's cell of the row (by its key), the row's total. */
const addGrid = ({ labels, keys, totals, days }) => {
  const cells = days.map((text) => JSON.parse(text));
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    add([...labels[i], ...cells.map((day) => day[key] ?? null), totals[i]]);
  }
};

parentPort.on('message', (m) => {
  for (const row of m.rows ?? []) add(row);
  if (m.grid) addGrid(m.grid);
  if (!m.footer) return;
  for (const row of m.footer) add(row, true);
  sheet.commit();
  book.commit().then(
    () => parentPort.close(),
    (err) => parentPort.postMessage({ error: String(err) }),
  );
});
