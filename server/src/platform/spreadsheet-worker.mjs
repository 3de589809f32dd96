// Parses one spreadsheet off the main thread (see spreadsheet.ts): a heavy file must not stop the
// event loop that records scans at lunch. Plain JavaScript, so it runs without the TypeScript loader.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

// This thread only, on Linux (where a priority belongs to a thread): the scans' thread keeps the
// cores while a workbook is written or read. Elsewhere it would lower the whole server: left as is.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    /* not allowed: runs at the server's priority */
  }
}

const { bytes, maxRows, maxColumns } = workerData;

function cellText(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') return String(cell.v);
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v).replace(/\s+/g, ' ').trim();
}

try {
  const book = XLSX.read(Buffer.from(bytes), {
    type: 'buffer',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    sheetRows: maxRows,
  });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) {
    parentPort.postMessage({ error: 'unreadable' });
  } else {
    const data = sheet['!data'] ?? [];
    const rows = [];
    for (let r = 0; r < data.length; r++) {
      const cells = data[r] ?? [];
      const width = Math.min(cells.length, maxColumns);
      const row = [];
      for (let c = 0; c < width; c++) row.push(cellText(cells[c]));
      rows.push(row);
    }
    parentPort.postMessage({ rows });
  }
} catch {
  parentPort.postMessage({ error: 'unreadable' });
}
