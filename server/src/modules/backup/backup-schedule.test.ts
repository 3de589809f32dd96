import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { backupChecks, backupRuns } from '../../platform/db/schema.ts';
import { readBackup } from './backup-file.ts';
import { listBackups } from './backup-files.ts';
import { createBackupSchedule } from './backup-schedule.ts';
import { folderLocks, holdFolder } from './backup-lock.ts';
import { checkRestores } from './restore-check.ts';

/** docs/rules.md "Backups": the nightly backup, taken once a day by one instance, the newest kept. */
let t: TestContext;
let pool: pg.Pool;
let dir: string;

beforeAll(async () => {
  t = await createTestContext();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  pool.on('error', () => {});
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-schedule-'));
  await createOrganization(t.db, { type: 'education', timeZone: 'Asia/Almaty' });
});
afterAll(async () => {
  await pool.end();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The check's throw-away databases left on the server (other test files' come and go beside). */
const checkDatabases = async () =>
  (await pool.query(`select datname from pg_database where datname like 'tamaq\\_check\\_%'`)).rows;

const schedule = (over: Partial<Parameters<typeof createBackupSchedule>[0]> = {}) =>
  createBackupSchedule({ db: t.db, pool, dir, time: '02:00', keep: 3, now: () => t.clock.now, ...over });

describe('the nightly backup', () => {
  it('waits for its hour in the organization’s zone, then two instances write one backup for the day', async () => {
    // 01:59 in Almaty (UTC+5).
    t.clock.now = new Date('2026-12-02T20:59:00Z');
    expect(await schedule().runOnce()).toBe('not_yet');
    expect(fs.readdirSync(dir)).toEqual([]);
    t.clock.now = new Date('2026-12-02T21:00:00Z');
    // Two processes: each takes the folder in its own.
    const outcomes = await Promise.all([
      schedule({ hold: folderLocks() }).runOnce(),
      schedule({ hold: folderLocks() }).runOnce(),
    ]);
    expect(outcomes.sort()).toEqual(['done', 'taken']);
    expect(fs.readdirSync(dir).sort()).toEqual([
      // What reading it back from the disk found (the screen shows it verified).
      '.tamaq-20261202T210000Z.backup.check.json',
      'tamaq-20261202T210000Z.backup',
    ]);
    expect((await listBackups(dir))[0]).toMatchObject({ verified: true, verify_error: null });
    expect((await readBackup(path.join(dir, 'tamaq-20261202T210000Z.backup'))).tables.length).toBeGreaterThan(30);
    const runs = await t.db.select().from(backupRuns);
    expect(runs.map((r) => [r.day, r.status, r.file, r.error])).toEqual([
      ['2026-12-03', 'done', path.join(dir, 'tamaq-20261202T210000Z.backup'), null],
    ]);
    // Later the same day: done already.
    t.clock.now = new Date('2026-12-03T09:00:00Z');
    expect(await schedule().runOnce()).toBe('taken');
  });

  it('keeps the newest backups only, and never a file that is not one', async () => {
    fs.writeFileSync(path.join(dir, 'tamaq-20261101T210000Z.backup'), 'old');
    fs.writeFileSync(path.join(dir, 'tamaq-20261102T210000Z.backup'), 'old');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'the school’s own');
    fs.writeFileSync(path.join(dir, '.tamaq-20261101T210000Z.backup.check.json'), '{}');
    // A PC switched on at 08:00 backs up then.
    t.clock.now = new Date('2026-12-04T03:00:00Z');
    expect(await schedule().runOnce()).toBe('done');
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => !f.startsWith('.'))
        .sort(),
    ).toEqual([
      'notes.txt',
      'tamaq-20261102T210000Z.backup',
      'tamaq-20261202T210000Z.backup',
      'tamaq-20261204T030000Z.backup',
    ]);
    // The file removed takes what was kept beside it.
    expect(fs.existsSync(path.join(dir, '.tamaq-20261101T210000Z.backup.check.json'))).toBe(false);
  });

  it('records a failed day with its reason', async () => {
    const blocked = path.join(dir, 'not-a-directory');
    fs.writeFileSync(blocked, '');
    t.clock.now = new Date('2026-12-05T03:00:00Z');
    expect(await schedule({ dir: blocked }).runOnce()).toBe('failed');
    const runs = await t.db.select().from(backupRuns);
    const failed = runs.find((r) => r.day === '2026-12-05')!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/);
  });

  it('proves once a week that the newest backup restores, in a database it drops after', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-check-'));
    t.clock.now = new Date('2026-12-06T03:00:00Z');
    expect(await schedule({ dir: own, checkUrl: t.databaseUrl }).runOnce()).toBe('done');
    const checks = await t.db.select().from(backupChecks);
    expect(checks.map((c) => [c.ok, c.error, path.dirname(c.file)])).toEqual([[true, null, own]]);
    expect(checks[0]!.rows).toBeGreaterThan(0);
    expect(await checkDatabases()).toEqual([]);
    // The next nights of the week back up without checking again; a week on, it checks.
    t.clock.now = new Date('2026-12-07T03:00:00Z');
    expect(await schedule({ dir: own, checkUrl: t.databaseUrl }).runOnce()).toBe('done');
    expect(await t.db.select().from(backupChecks)).toHaveLength(1);
    t.clock.now = new Date('2026-12-13T03:00:00Z');
    expect(await schedule({ dir: own, checkUrl: t.databaseUrl }).runOnce()).toBe('done');
    expect(await t.db.select().from(backupChecks)).toHaveLength(2);
    // Three backups and two restores: over 30 s on a loaded machine.
  }, 180_000);

  it('says why a backup does not restore, and leaves no database behind', async () => {
    const cut = path.join(dir, 'cut.backup');
    const whole = fs.readFileSync(path.join(dir, 'tamaq-20261202T210000Z.backup'));
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 50));
    expect(await checkRestores(cut, t.databaseUrl)).toEqual({
      ok: false,
      rows: null,
      error: 'Файл обрезан: копия записана не до конца',
    });
    expect(await checkDatabases()).toEqual([]);
  });

  it('drops the check’s database when the server stops during the check, and records no outcome', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-stop-'));
    // A week and more after the last check: this night's backup checks.
    t.clock.now = new Date('2026-12-24T03:00:00Z');
    const checked = (await t.db.select().from(backupChecks)).length;
    const nightly = schedule({ dir: own, checkUrl: t.databaseUrl });
    const run = nightly.runOnce();
    await vi.waitFor(async () => expect(await checkDatabases()).toHaveLength(1), { timeout: 120_000, interval: 20 });
    // The server stops (serve.ts awaits this before closing the database).
    await nightly.stop();
    expect(await checkDatabases()).toEqual([]);
    expect(await run).toBe('done');
    // Stopped, the check proved nothing: no outcome, and the next backup checks again.
    expect(await t.db.select().from(backupChecks)).toHaveLength(checked);
    fs.rmSync(own, { recursive: true, force: true });
  }, 180_000);

  it('waits while a backup, a check or a restore from the screen works in the folder, and writes one after', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-held-'));
    t.clock.now = new Date('2026-12-27T03:00:00Z');
    const release = holdFolder(own)!;
    expect(release).not.toBeNull();
    expect(await schedule({ dir: own }).runOnce()).toBe('not_yet');
    expect(fs.readdirSync(own)).toEqual([]);
    release();
    expect(await schedule({ dir: own }).runOnce()).toBe('done');
    // And the screen's job waits for the nightly one the same way (backup-screen.test.ts answers 409).
    const again = holdFolder(own);
    expect(again).not.toBeNull();
    again!();
    fs.rmSync(own, { recursive: true, force: true });
  });
});

describe('the nightly backup as the super admin sets it', () => {
  it('keeps the time and the count set on the screen over the configuration’s, and does nothing when off', async () => {
    const token = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
    const set = (body: object) => t.call({ method: 'PUT', url: '/api/admin/backup/settings', token, payload: body });
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-set-'));
    expect((await set({ time: '23:30', keep: 2 })).json()).toEqual({ time: '23:30', keep: 2 });
    // 22:00 in Almaty: past the configured 02:00, before the 23:30 set on the screen.
    t.clock.now = new Date('2026-12-20T17:00:00Z');
    expect(await schedule({ dir: own }).runOnce()).toBe('not_yet');
    t.clock.now = new Date('2026-12-20T18:31:00Z');
    expect(await schedule({ dir: own }).runOnce()).toBe('done');
    // Off: not even past the hour.
    expect((await set({ time: null, keep: 2 })).statusCode).toBe(200);
    t.clock.now = new Date('2026-12-21T18:31:00Z');
    expect(await schedule({ dir: own }).runOnce()).toBe('not_yet');
    const list = (await t.call({ method: 'GET', url: '/api/admin/backups', token })).json();
    expect([list.time, list.keep]).toEqual([null, 2]);
    fs.rmSync(own, { recursive: true, force: true });
  });

  it('refuses a time or a count out of range, naming the field, and keeps what was set', async () => {
    const token = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
    const set = (body: object) => t.call({ method: 'PUT', url: '/api/admin/backup/settings', token, payload: body });
    expect((await set({ time: '03:15', keep: 7 })).statusCode).toBe(200);
    for (const [body, field] of [
      [{ time: '24:00', keep: 7 }, 'time'],
      [{ time: '3:15', keep: 7 }, 'time'],
      [{ time: '03:15', keep: 0 }, 'keep'],
      [{ time: '03:15', keep: 366 }, 'keep'],
      [{ time: '03:15', keep: 2.5 }, 'keep'],
      [{ time: '03:15' }, 'keep'],
    ] as const) {
      const res = await set(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().validationErrors)).toEqual([field]);
    }
    const list = (await t.call({ method: 'GET', url: '/api/admin/backups', token })).json();
    expect([list.time, list.keep]).toEqual(['03:15', 7]);
    const admin = (await signedIn(t.platform, { role: 'Admin' })).token;
    const other = await t.call({
      method: 'PUT',
      url: '/api/admin/backup/settings',
      token: admin,
      payload: { time: '01:00', keep: 1 },
    });
    expect(other.statusCode).toBe(403);
  });
});
