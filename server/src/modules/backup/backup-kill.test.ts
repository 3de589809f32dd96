import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DB, withDatabase } from '../../../test/test-db.ts';
import { fingerprints } from './backup-file.ts';
import { listBackups } from './backup-files.ts';
import { makeBackup } from './make-backup.ts';
import { restoreInPlace } from './restore-in-place.ts';

/**
 * docs/rules.md "Backups": a backup or a restore killed midway (SIGKILL: a power cut, the task
 * manager) leaves the last good state. A backup leaves no file that looks whole, and the next one is
 * whole; a restore killed while it swaps the rows leaves the live data as it was, and the next
 * restore goes through.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const server = () => process.env.TEST_DATABASE_URL!;
const live = `tamaq_kill_${randomBytes(4).toString('hex')}`;
const liveUrl = () => withDatabase(server(), live);
/** Enough rows that a backup and a restore take long enough to be killed midway. */
const VISITS = 150_000;
const SLOW_MS = 300_000;
let admin: pg.Client;
let dir: string;

const sql = async (text: string) => {
  const client = new pg.Client({ connectionString: liveUrl() });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
};

/** Runs a script of the server in a process of its own, as `npm run` does. */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, out: () => out };
}

async function until(what: string, ready: () => boolean, child: ChildProcess, out: () => string) {
  const deadline = Date.now() + SLOW_MS;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`ended before ${what}:\n${out()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} in time:\n${out()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function kill(child: ChildProcess) {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
}

/** Waits until the killed process's server connections are gone (PostgreSQL notices, rolls back). */
async function connectionsGone() {
  for (let i = 0; i < 300; i++) {
    const { rows } = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [live],
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the killed process’s connections stayed');
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: server() });
  await admin.connect();
  await admin.query(`create database ${live} template ${TEMPLATE_DB}`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-kill-'));
  await sql(`
    insert into organizations (name, type) values ('Гимназия №7', 'education');
    insert into users (organization_id, name) select id, 'Ученик ' || g from organizations, generate_series(1, 200) g;
    insert into visits (organization_id, user_id, visit_date, one_time)
      select u.organization_id, u.id, date '2026-01-01' + (g % 300), false
      from users u, generate_series(1, ${VISITS / 200}) g`);
}, SLOW_MS);
afterAll(async () => {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like '${live}%'`,
  );
  // The killed restore's database of its own is left behind (named after this test's).
  for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('killed midway', () => {
  it(
    'a backup leaves no file that looks whole, and the next one is whole',
    async () => {
      const backups = path.join(dir, 'killed-backup');
      const { child, out } = run('scripts/backup.ts', [], {
        DATABASE_URL: liveUrl(),
        JWT_SECRET: 'kill-drill-secret-kill-drill-secret-0123',
        BACKUP_DIR: backups,
        INIT_CWD: serverDir,
      });
      // Killed once it has written a good part of the file.
      const partial = () =>
        fs.existsSync(backups) ? fs.readdirSync(backups).find((f) => f.endsWith('.partial')) : undefined;
      await until(
        'a partial file',
        () => {
          const f = partial();
          return f !== undefined && fs.statSync(path.join(backups, f)).size > 64 * 1024;
        },
        child,
        out,
      );
      await kill(child);
      expect(await listBackups(backups)).toEqual([]);
      expect(fs.readdirSync(backups).filter((f) => !f.startsWith('.'))).toEqual([]);

      const pool = new pg.Pool({ connectionString: liveUrl(), max: 1 });
      try {
        const made = await makeBackup(pool, backups);
        expect(made.tables.find((t) => t.name === 'visits')?.rows).toBe(VISITS);
      } finally {
        await pool.end();
      }
      expect((await listBackups(backups)).map((f) => f.name)).toHaveLength(1);
    },
    SLOW_MS,
  );

  it(
    'a restore killed while it swaps the rows leaves the live data as it was, and the next one goes through',
    async () => {
      const pool = new pg.Pool({ connectionString: liveUrl(), max: 1 });
      let file: string;
      try {
        file = (await makeBackup(pool, path.join(dir, 'files'))).file;
      } finally {
        await pool.end();
      }
      // The day after the backup: what the restore would take back.
      await sql(`insert into organizations (name, type) values ('Ошибочная', 'company');
               delete from visits where id in (select id from visits order by id limit 1000)`);
      const before = await fingerprints(liveUrl());

      const { child, out } = run('test/fixtures/restore-in-place.ts', [
        file,
        liveUrl(),
        path.join(dir, 'points'),
        `${live}_scratch`,
      ]);
      // Killed in the swap's transaction, the live tables emptied and partly loaded.
      await until('the swap under way', () => /replacing [1-9]\d*\//.test(out()), child, out);
      await kill(child);
      expect(out()).not.toContain('done');
      await connectionsGone();
      expect(await fingerprints(liveUrl())).toEqual(before);

      await restoreInPlace({ file, url: liveUrl(), backupDir: path.join(dir, 'points'), now: () => new Date() });
      const names = (await sql('select name from organizations order by id')).map((r) => r.name);
      expect(names).toEqual(['Гимназия №7']);
      expect(Number((await sql('select count(*) as n from visits'))[0]!.n)).toBe(VISITS);
    },
    SLOW_MS,
  );
});
