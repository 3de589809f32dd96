// Parses one spreadsheet off the main thread (see spreadsheet.ts): a heavy file must not stop the
// event loop that records scans at lunch. Plain JavaScript, so it runs without the TypeScript loader.
import os from 'node:os';
import zlib from 'node:zlib';
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

const { bytes, maxRows, maxColumns, maxInflated } = workerData;

/**
 * Inflates every entry of a zip (an .xlsx) within `budget` bytes in all, counted as they come out:
 * a zip's directory can lie about the sizes (the main thread checks what it declares), and the
 * parser would inflate a lying one until the deadline. False when the entries come to more.
 */
function inflatesWithin(buf, budget) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) return true;
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let left = budget;
  for (let i = 0; i < entries && at + 46 <= buf.length; i++) {
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const local = buf.readUInt32LE(at + 42);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (local + 30 > buf.length) continue;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (method === 0) {
      left -= compressed;
    } else if (method === 8) {
      try {
        left -= zlib.inflateRawSync(buf.subarray(start), { maxOutputLength: Math.max(1, left) }).length;
      } catch (err) {
        if (err?.code === 'ERR_BUFFER_TOO_LARGE') return false;
        // Not inflatable: the parser will say it is unreadable.
      }
    }
    if (left < 0) return false;
  }
  return true;
}

function cellText(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') return String(cell.v);
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v).replace(/\s+/g, ' ').trim();
}

function parse() {
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
}

try {
  if (maxInflated && !inflatesWithin(Buffer.from(bytes), maxInflated)) parentPort.postMessage({ error: 'tooBig' });
  else parse();
} catch {
  parentPort.postMessage({ error: 'unreadable' });
}
