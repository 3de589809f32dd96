import { spawn } from 'node:child_process';
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

describe('npm run restore on a new installation (another computer, an empty database)', () => {
  const script = (url: string, args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', file, ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: url, JWT_SECRET: 'r'.repeat(40), BACKUP_DIR: dir, INIT_CWD: '' },
        // Nobody at the keyboard: the input is closed.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });

  it('gets the tables first, refuses with nobody to answer, and restores the file once confirmed', async () => {
    const fresh = `${live}_new`;
    await admin.query(`create database ${fresh}`);
    const freshUrl = withDatabase(server(), fresh);
    const unanswered = await script(freshUrl, []);
    expect(unanswered.code).toBe(1);
    expect(unanswered.out).toContain('организаций 0, школ 0, людей 0, посещений 0');
    expect(unanswered.out).toContain('Подтверждение не совпало: введите «восстановить»');
    expect(await organizations(freshUrl)).toEqual([]);

    const done = await script(freshUrl, ['--confirm', 'восстановить']);
    expect(done.out).toContain('Восстановлено за');
    expect(done.code).toBe(0);
    expect(await organizations(freshUrl)).toEqual(['Гимназия №7']);
  }, 120_000);
});
