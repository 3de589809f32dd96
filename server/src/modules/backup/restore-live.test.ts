import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DB, withDatabase } from '../../../test/test-db.ts';
import { makeBackup } from './make-backup.ts';
import { restoreLive } from './restore-live.ts';
import { listBackups } from './backup-files.ts';

/**
 * docs/rules.md "Backups": a restore with the server stopped replaces the live database only once
 * the file is in and checked, after a restore point; asked wrong, or busy, it changes nothing.
 */
const server = () => process.env.TEST_DATABASE_URL!;
const live = `tamaq_live_${randomBytes(4).toString('hex')}`;
const liveUrl = () => withDatabase(server(), live);
let admin: pg.Client;
let dir: string;
let file: string;

const sql = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
};
const organizations = async (url = liveUrl()) =>
  (await sql(url, 'select name from organizations order by id')).map((r) => r.name);

beforeAll(async () => {
  admin = new pg.Client({ connectionString: server() });
  await admin.connect();
  await admin.query(`create database ${live} template ${TEMPLATE_DB}`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-restore-live-'));
  await sql(
    liveUrl(),
    `insert into organizations (name, type) values ('Гимназия №7', 'education');
     insert into users (organization_id, name) select id, 'Ученик ' || g from organizations, generate_series(1, 3) g`,
  );
  const pool = new pg.Pool({ connectionString: liveUrl(), max: 1 });
  file = (await makeBackup(pool, fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-file-')))).file;
  await pool.end();
  // After the backup: a mistaken day's work the restore will take back.
  await sql(liveUrl(), `insert into organizations (name, type) values ('Ошибочная', 'company')`);
});
afterAll(async () => {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like '${live}%'`,
  );
  for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('restoring over the live database', () => {
  it('asks for the organization’s name and refuses while anything is connected, changing nothing', async () => {
    await expect(restoreLive({ file, url: liveUrl(), backupDir: dir, confirm: 'Гимназия' })).rejects.toThrow(
      'Подтверждение не совпало: введите «Гимназия №7» точно, как написано',
    );
    const held = new pg.Client({ connectionString: liveUrl() });
    await held.connect();
    try {
      await expect(restoreLive({ file, url: liveUrl(), backupDir: dir, confirm: 'Гимназия №7' })).rejects.toThrow(
        'К базе подключено ещё 1 соединений',
      );
    } finally {
      await held.end();
    }
    expect(await organizations()).toEqual(['Гимназия №7', 'Ошибочная']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a file cut short before touching anything', async () => {
    const cut = path.join(dir, '..', `${path.basename(dir)}-cut.backup`);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 30));
    await expect(restoreLive({ file: cut, url: liveUrl(), backupDir: dir, confirm: 'Гимназия №7' })).rejects.toThrow(
      'Файл обрезан',
    );
    expect(await organizations()).toEqual(['Гимназия №7', 'Ошибочная']);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(cut);
  });

  it('keeps a restore point and the replaced database, and serves the file’s data in its place', async () => {
    const done = await restoreLive({
      file,
      url: liveUrl(),
      backupDir: dir,
      confirm: 'Гимназия №7',
      now: () => new Date('2026-12-02T10:00:00Z'),
    });
    expect(await organizations()).toEqual(['Гимназия №7']);
    expect((await sql(liveUrl(), 'select count(*)::int as n from users'))[0]!.n).toBe(3);
    // What was replaced is kept, both as a database and as the restore point's file.
    expect(done.kept).toBe(`${live}_before_restore_20261202100000`);
    expect(await organizations(withDatabase(server(), done.kept))).toEqual(['Гимназия №7', 'Ошибочная']);
    // The restore point was read back whole before anything was replaced.
    expect(fs.readdirSync(dir).sort()).toEqual([
      `.${path.basename(done.restorePoint)}.check.json`,
      path.basename(done.restorePoint),
    ]);
    expect((await listBackups(dir))[0]).toMatchObject({ verified: true });
  });
});
