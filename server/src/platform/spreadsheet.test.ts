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

  it('refuses bytes that are no spreadsheet before parsing them', async () => {
    await expect(parseSpreadsheet(Buffer.from('MZ\x90\x00 an executable'))).rejects.toMatchObject({
      fields: { file: ['Файл не является таблицей Excel (xlsx или xls)'] },
    });
  });
});
