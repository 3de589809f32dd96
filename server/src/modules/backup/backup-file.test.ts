import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';
import { images } from '../../platform/db/schema.ts';
import { BackupFileError, pacer, readBackup } from './backup-file.ts';
import { backupName, makeBackup } from './make-backup.ts';

/** docs/rules.md "Backups": what a backup file holds, and the files it refuses. */
let t: TestContext;
let pool: pg.Pool;
let dir: string;
const AT = new Date('2026-12-02T21:00:05.123Z');
const AWKWARD = 'Ерлан\tСерік\\ «тест»\nвторая строка';

beforeAll(async () => {
  t = await createTestContext();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-backup-'));
  const org = await createOrganization(t.db, { type: 'education' });
  const school = await createSchool(t.db, { organizationId: org.id });
  const klass = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '5 А' });
  await createPupil(t.db, { organizationId: org.id, schoolId: school.id, classroomId: klass.id, name: AWKWARD });
  // Rows over many of the reader's chunks, some ending in a backslash and a dot (COPY writes `\\.`:
  // never the end line `\.`), so a chunk may end anywhere in a row or in the end line.
  await pool.query(
    `insert into users (organization_id, school_id, classroom_id, name)
     select $1, $2, $3, repeat('Ученик ', g % 40) || case when g % 3 = 0 then E'\\\\.' else E'\\.' end
     from generate_series(1, 3000) g`,
    [org.id, school.id, klass.id],
  );
  await t.db.insert(images).values({
    key: 'backup-test',
    mime: 'image/webp',
    width: 1,
    height: 1,
    etag: 'e',
    bytes: Buffer.from([0, 1, 2, 255, 10, 92]),
  });
});
afterAll(async () => {
  await pool.end();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const counts = async () => {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of rows)
    out[name] = Number((await pool.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n);
  return out;
};

const refusal = async (file: string) => {
  const err = await readBackup(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupFileError);
  return { reason: (err as BackupFileError).reason, message: (err as Error).message };
};

describe('a backup file', () => {
  let file: string;

  it('holds every table with its row count and checksum, named by its time, with no partial file left', async () => {
    const made = await makeBackup(pool, dir, () => AT);
    file = made.file;
    expect(path.basename(file)).toBe('tamaq-20261202T210005Z.backup');
    expect(backupName(AT)).toBe('tamaq-20261202T210005Z.backup');
    expect(fs.readdirSync(dir)).toEqual([path.basename(file)]);
    expect(made.header).toMatchObject({ product: 'tamaq', format: 1, created_at: AT.toISOString() });
    expect(made.header.migration.tag).toMatch(/^\d{4}_/);
    expect(made.header.postgres).toMatch(/^\d+/);
    const byTable = Object.fromEntries(made.tables.map((x) => [x.name, x.rows]));
    expect(byTable).toEqual(await counts());
    expect(made.bytes).toBe(fs.statSync(file).size);
  });

  it('reads back as written: the same tables, rows and checksums, values with tabs, newlines and bytes intact', async () => {
    const written = await makeBackup(pool, fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-backup-')), () => AT);
    const seen: Record<string, string> = {};
    const read = await readBackup(written.file, async (table, rows) => {
      let text = '';
      for await (const chunk of rows) text += (chunk as Buffer).toString();
      seen[table.name] = text;
    });
    expect(read.tables).toEqual(written.tables);
    expect(read.header).toEqual(written.header);
    // COPY's text format: a tab, a newline and a backslash inside a value are escaped.
    expect(seen.users).toContain('Ерлан\\tСерік\\\\ «тест»\\nвторая строка');
    expect(seen.images).toContain('\\\\x000102ff0a5c');
  });

  it('is refused cut short, changed, from another product or from a newer version, saying which', async () => {
    const bytes = fs.readFileSync(file);
    const put = (name: string, data: Buffer) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, data);
      return p;
    };
    expect(await refusal(put('cut.backup', bytes.subarray(0, Math.floor(bytes.length / 2))))).toEqual({
      reason: 'truncated',
      message: 'Файл обрезан: копия записана не до конца',
    });
    // A pupil's name changed inside, the file compressed again as a whole.
    const text = gunzipSync(bytes).toString();
    const changed = text.replace('вторая строка', 'третья строка');
    expect(changed).not.toBe(text);
    expect(await refusal(put('changed.backup', gzipSync(Buffer.from(changed))))).toEqual({
      reason: 'altered',
      message: 'Файл повреждён или изменён: не сходится контрольная сумма таблицы «users»',
    });
    // A byte flipped in the compressed data.
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    expect((await refusal(put('flipped.backup', flipped))).reason).toMatch(/^(altered|truncated)$/);
    for (const other of [Buffer.from('PGDMP custom dump'), gzipSync(Buffer.from('-- PostgreSQL database dump\n'))])
      expect(await refusal(put('other.backup', other))).toEqual({
        reason: 'not_backup',
        message: 'Это не файл резервной копии Tamaq',
      });
    expect(await refusal(put('newer.backup', gzipSync(Buffer.from('TAMAQ-BACKUP 9\n{}\n'))))).toEqual({
      reason: 'newer_format',
      message: 'Файл сделан более новой версией Tamaq (формат 9): обновите программу',
    });
  });

  it('clears what a backup killed midway left, once it is an hour old', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-backup-'));
    const stale = path.join(own, '.tamaq-20261201T210000Z.backup.1a2b3c4d.partial');
    const running = path.join(own, '.tamaq-20261202T210000Z.backup.5e6f7a8b.partial');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(running, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const made = await makeBackup(pool, own, () => AT);
    expect(fs.readdirSync(own).sort()).toEqual([path.basename(running), path.basename(made.file)].sort());
  });

  it('leaves no file when the backup fails', async () => {
    const failing = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-backup-'));
    const broken = new pg.Pool({ connectionString: `${t.databaseUrl}_missing`, max: 1 });
    await expect(makeBackup(broken, failing)).rejects.toThrow();
    await broken.end();
    expect(fs.readdirSync(failing)).toEqual([]);
  });
});

describe('a backup’s pace beside the queue', () => {
  it('waits after a piece while the server’s requests are at the database, and not for ever', async () => {
    let asked = 0;
    // Busy for three looks, then free: the piece goes on at the fourth.
    await pacer({ rate: 1e12, busy: () => ++asked <= 3 })(64 * 1024);
    expect(asked).toBe(4);
    // Always busy (a queue that never empties): it waits its limit and goes on.
    let looks = 0;
    await pacer({ rate: 1e12, busy: () => ++looks > 0 })(64 * 1024);
    expect(looks).toBeGreaterThan(10);
    expect(looks).toBeLessThanOrEqual(41);
    // Nobody at the database: no wait at all.
    let free = 0;
    await pacer({ rate: 1e12, busy: () => (free++, false) })(64 * 1024);
    expect(free).toBe(1);
  });
});
