import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSpreadsheet, workbookOf } from './spreadsheet.ts';

describe('parseSpreadsheet', () => {
  it('reads the first sheet as rows of strings, numbers as their digits', async () => {
    const file = workbookOf([
      ['ФИО', 'ИИН'],
      ['Ахметов Алихан', 120304500123],
    ]);
    expect(await parseSpreadsheet(file)).toEqual([
      ['ФИО', 'ИИН'],
      ['Ахметов Алихан', '120304500123'],
    ]);
  });

  it('parses off the main thread: the event loop keeps answering while a large sheet is read', async () => {
    const rows: (string | number)[][] = [['ФИО', 'ИИН', 'Класс']];
    for (let i = 0; i < 20_000; i++) rows.push([`Ученик ${i} с длинным именем`, 120304500000 + i, `${i % 11} «А»`]);
    const file = workbookOf(rows);
    let worstGap = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const parsed = await parseSpreadsheet(file);
    const took = performance.now() - started;
    clearInterval(tick);
    expect(parsed).toHaveLength(20_001);
    // The parse itself takes far longer than any pause the event loop saw.
    expect(worstGap).toBeLessThan(Math.max(150, took / 3));
  });

  it('refuses a zip whose directory lies about its size, by the bytes it inflates to, in far less than the deadline', async () => {
    // One entry of 200 MB of zeros (about 200 KB deflated) whose headers say 1 KB: within every
    // limit the directory declares.
    const data = zlib.deflateRawSync(Buffer.alloc(200 * 2 ** 20));
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(1024, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(1024, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const directoryAt = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(directoryAt, 16);
    const file = Buffer.concat([local, name, data, central, name, end]);
    const started = performance.now();
    await expect(parseSpreadsheet(file)).rejects.toMatchObject({ fields: { file: ['Файл слишком большой'] } });
    // Refused for what it inflates to, counted as it comes out, not left to the parser (which took
    // one such file until the 30 s deadline).
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses bytes that are no spreadsheet before parsing them', async () => {
    await expect(parseSpreadsheet(Buffer.from('MZ\x90\x00 an executable'))).rejects.toMatchObject({
      fields: { file: ['Файл не является таблицей Excel (xlsx или xls)'] },
    });
  });
});
