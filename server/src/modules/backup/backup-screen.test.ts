import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupJob, BackupList } from '@tamaq/contract/admin';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, linkToken, signedIn, tokenFor } from '../../../test/factories.ts';
import { createCard, createPupil } from '../../../test/factories-people.ts';
import { organizations } from '../../platform/db/schema.ts';
import { poolOf } from '../../platform/db/client.ts';
import { form } from '../../../test/multipart.ts';
import { makeBackup } from './make-backup.ts';
import { holdFolder } from './backup-lock.ts';

/** docs/rules.md "Backups": the super admin's backups screen, its calls. */
let t: TestContext;
let token: string;
let superAdmin: Awaited<ReturnType<typeof signedIn>>['user'];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-backup-screen-'));

beforeAll(async () => {
  t = await createTestContext({ backupDir: dir });
  ({ token, user: superAdmin } = await signedIn(t.platform, { role: 'SuperAdmin' }));
  const org = await createOrganization(t.db, { type: 'education', name: 'Школа №1' });
  const pupil = await createPupil(t.db, { organizationId: org.id });
  await createCard(t.db, { organizationId: org.id, userId: pupil.id });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const list = async (as = token) =>
  (await t.call({ method: 'GET', url: '/api/admin/backups', token: as })).json() as BackupList;

/** Polls the list until the job under way has ended. */
async function settled(): Promise<BackupJob> {
  // A restore beside the whole test run on two cores takes over 30 s.
  for (const until = Date.now() + 100_000; Date.now() < until;) {
    const job = (await list()).job;
    if (job && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the backup did not end');
}

describe('the backups screen', () => {
  it('makes a backup now, shows its progress, verifies it from the disk and lists it with its counts', async () => {
    const empty = await list();
    expect(empty).toMatchObject({ dir, files: [], job: null, keep: t.platform.config.backupKeep });

    const started = await t.call({ method: 'POST', url: '/api/admin/backups', token });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ kind: 'create', status: 'running', total: 100 });
    // One at a time: a second press while it runs is refused, not a second backup.
    const again = await t.call({ method: 'POST', url: '/api/admin/backups', token });
    if (again.statusCode === 409) expect(again.json().errorMessage).toMatch(/уже создаётся/);
    else expect((await settled()).status).toBe('done'); // the first had already ended

    const job = await settled();
    expect(job).toMatchObject({ kind: 'create', status: 'done', done: 100, error: null });
    const files = (await list()).files;
    const file = files.find((f) => f.name === job.name)!;
    expect(file).toMatchObject({
      verified: true,
      verify_error: null,
      migration: expect.stringMatching(/^\d{4}_/),
      app_version: expect.any(String),
      postgres: expect.stringMatching(/^\d+/),
    });
    expect(file.counts).toMatchObject({ organizations: 1, users: 2, cards: 1, visits: 0 });
    expect(file.bytes).toBe(fs.statSync(path.join(dir, file.name)).size);
    // The dashboard counts it as the last good backup.
    const summary = (await t.call({ method: 'GET', url: '/api/admin/summary', token })).json();
    expect(summary.backup.last_at).toBe(file.created_at);
  });

  it('downloads a file by a link, whole', async () => {
    const [file] = (await list()).files;
    const link = await linkToken(t.platform, token);
    const res = await t.call({ method: 'GET', url: `/api/admin/backup/${file!.name}?token=${link}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(file!.name);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, file!.name)))).toBe(true);
    expect(gunzipSync(res.rawPayload).toString().startsWith('TAMAQ-BACKUP 1\n')).toBe(true);
    // No other file of the server can be named.
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'tamaq-20260101T000000Z.backup%00', '.tamaq-x.partial']) {
      const bad = await t.call({ method: 'GET', url: `/api/admin/backup/${name}?token=${link}` });
      expect([404, 422]).toContain(bad.statusCode);
    }
    const missing = await t.call({
      method: 'GET',
      url: `/api/admin/backup/tamaq-20200101T000000Z.backup?token=${link}`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('verifies a file copied into the folder, and says which table of a changed file does not match', async () => {
    const [good] = (await list()).files;
    // A file copied in (a USB disk brought back) has not been read yet.
    const copy = 'tamaq-20250101T020000Z.backup';
    fs.copyFileSync(path.join(dir, good!.name), path.join(dir, copy));
    expect((await list()).files.find((f) => f.name === copy)).toMatchObject({ verified: null, counts: null });
    const verify = (name: string) =>
      t.call({ method: 'POST', url: '/api/admin/backup/verify', token, payload: { name } });
    expect((await verify(copy)).statusCode).toBe(200);
    expect(await settled()).toMatchObject({ kind: 'verify', status: 'done', name: copy });
    expect((await list()).files.find((f) => f.name === copy)).toMatchObject({ verified: true, counts: good!.counts });

    // One row changed inside the compressed file: its table's checksum no longer matches.
    const text = gunzipSync(fs.readFileSync(path.join(dir, copy))).toString();
    const altered = text.replace('Школа №1', 'Школа №2');
    expect(altered).not.toBe(text);
    const { gzipSync } = await import('node:zlib');
    fs.writeFileSync(path.join(dir, copy), gzipSync(altered));
    // Changed since it was read: shown as not verified until read again.
    expect((await list()).files.find((f) => f.name === copy)?.verified).toBeNull();
    await verify(copy);
    expect(await settled()).toMatchObject({ status: 'failed', error: expect.stringContaining('organizations') });
    expect((await list()).files.find((f) => f.name === copy)).toMatchObject({
      verified: false,
      verify_error: expect.stringContaining('organizations'),
    });
    // On the Kazakh screen, why in Kazakh.
    const kk = (
      await t.call({ method: 'GET', url: '/api/admin/backups', token, headers: { 'accept-language': 'kk' } })
    ).json() as BackupList;
    expect(kk.job?.error).toBe(
      'Файл бүлінген немесе өзгертілген: «organizations» кестесінің бақылау сомасы сәйкес келмейді',
    );
    expect(kk.files.find((f) => f.name === copy)?.verify_error).toBe(kk.job?.error);
  });

  it('restores a file over the live data once the organization’s name is typed, keeping a restore point', async () => {
    const { files, live } = await list();
    const good = files.find((f) => f.verified)!;
    expect(live).toMatchObject({ confirm_name: 'Школа №1', counts: { organizations: expect.any(Number) } });
    // A day's mistaken work after the backup, which the restore takes back.
    await createOrganization(t.db, { type: 'company', name: 'Ошибочная' });
    // Who signs in and out after the backup: the live sessions stay as they are.
    const later = await tokenFor(t.platform, superAdmin);
    const signedOut = await tokenFor(t.platform, superAdmin);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token: signedOut })).statusCode).toBe(200);
    const newcomer = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
    expect((await t.call({ method: 'GET', url: '/api/admin/backups', token: newcomer })).statusCode).toBe(200);
    const names = async () => (await t.db.select({ name: organizations.name }).from(organizations)).map((o) => o.name);
    expect(await names()).toContain('Ошибочная');
    const restore = (body: object) =>
      t.call({ method: 'POST', url: '/api/admin/backup/restore', token, payload: body });

    const wrong = await restore({ name: good.name, confirm: 'Школа' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validationErrors.confirm).toEqual([
      'Подтверждение не совпало: введите «Школа №1» точно, как написано',
    ]);
    expect((await restore({ name: good.name })).statusCode).toBe(422);
    expect((await restore({ name: 'tamaq-20200101T000000Z.backup', confirm: 'Школа №1' })).statusCode).toBe(404);
    // A changed file is refused by the job, and nothing is replaced.
    const broken = files.find((f) => f.verified === false)!;
    expect((await restore({ name: broken.name, confirm: 'Школа №1' })).statusCode).toBe(200);
    expect(await settled()).toMatchObject({
      kind: 'restore',
      status: 'failed',
      error: expect.stringContaining('organizations'),
    });
    const kk = (
      await t.call({ method: 'GET', url: '/api/admin/backups', token, headers: { 'accept-language': 'kk' } })
    ).json() as BackupList;
    expect(kk.job?.error).toMatch(/«organizations» кестесі/);
    expect(await names()).toContain('Ошибочная');

    const before = new Set(fs.readdirSync(dir));
    const indexes = async () =>
      (
        await poolOf(t.platform.database.heavy).pool.query(
          `select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
        )
      ).rows;
    const indexesBefore = await indexes();
    const started = await restore({ name: good.name, confirm: ' Школа №1 ' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ kind: 'restore', status: 'running', name: good.name });
    expect(await settled()).toMatchObject({ kind: 'restore', status: 'done', done: 100, error: null });
    expect(await names()).not.toContain('Ошибочная');
    expect(await names()).toContain('Школа №1');
    // Every index as it was (the plain ones are built again after the rows).
    expect(await indexes()).toEqual(indexesBefore);
    // The data replaced was saved first, as a backup of the folder.
    const added = fs.readdirSync(dir).filter((f) => !before.has(f) && !f.startsWith('.'));
    expect(added).toHaveLength(1);
    expect((await list()).files.find((f) => f.name === added[0])).toMatchObject({ verified: true });
    // The signed-in super admin (signed in before the backup) goes on, and so does one signed in after
    // it; a session signed out after the backup stays signed out, and one of a user the backup lacks is gone.
    const status = async (as: string) =>
      (await t.call({ method: 'GET', url: '/api/admin/backups', token: as })).statusCode;
    expect(await status(token)).toBe(200);
    expect(await status(later)).toBe(200);
    expect(await status(signedOut)).toBe(401);
    expect(await status(newcomer)).toBe(401);
    // New rows get new ids.
    const again = await createOrganization(t.db, { type: 'company', name: 'После восстановления' });
    expect(again.id).toBeGreaterThan(0);
    // A database made and migrated, a backup written and read back, every table swapped and compared:
    // 2 s on an idle machine, over 30 s beside the whole test run on two cores.
  }, 120_000);

  it('takes a backup file sent from another computer, checked whole, and refuses one that is not whole', async () => {
    const upload = (data: Buffer | string, name = 'file') =>
      t.call({
        method: 'POST',
        url: '/api/admin/backup/upload',
        token,
        ...form({ name, data, filename: 'copy.backup' }),
      });
    // A backup taken elsewhere (another day): it comes in under the time it was taken, verified.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-elsewhere-'));
    const taken = await makeBackup(
      poolOf(t.platform.database.heavy).pool,
      elsewhere,
      () => new Date('2026-09-01T07:30:00Z'),
    );
    const bytes = fs.readFileSync(taken.file);
    const res = await upload(bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'tamaq-20260901T073000Z.backup', verified: true, bytes: bytes.length });
    expect(fs.readFileSync(path.join(dir, 'tamaq-20260901T073000Z.backup')).equals(bytes)).toBe(true);
    // Sent again (its answer lost on a bad network): the same file, not a second one.
    const count = fs.readdirSync(dir).length;
    expect((await upload(bytes)).json().name).toBe('tamaq-20260901T073000Z.backup');
    expect(fs.readdirSync(dir).length).toBe(count);

    // Cut short, changed, or another file altogether: refused with the reason, nothing kept.
    const refused = async (data: Buffer | string, reason: RegExp) => {
      const r = await upload(data);
      expect(r.statusCode).toBe(422);
      expect(r.json().validationErrors.file[0]).toMatch(reason);
    };
    await refused(bytes.subarray(0, bytes.length - 100), /обрезан/);
    await refused('имя;класс\nАлия;5А', /не файл резервной копии Tamaq/);
    const text = gunzipSync(bytes).toString();
    const { gzipSync } = await import('node:zlib');
    await refused(gzipSync(text.replace('Школа №1', 'Школа №9')), /organizations/);
    // Sent under another field name: no file.
    const other = await upload(bytes, 'photo');
    expect(other.statusCode).toBe(422);
    expect(fs.readdirSync(dir).length).toBe(count);
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it('answers that a backup is under way while the nightly one works in the folder', async () => {
    const release = holdFolder(dir);
    expect(release, 'no job of an earlier test still works in the folder').not.toBeNull();
    try {
      const res = await t.call({ method: 'POST', url: '/api/admin/backups', token });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorMessage).toMatch(/уже создаётся/);
    } finally {
      release!();
    }
    expect((await list()).job?.status).not.toBe('running');
  });

  it('refuses a name that is not a backup of the folder', async () => {
    const verify = (name: unknown) =>
      t.call({ method: 'POST', url: '/api/admin/backup/verify', token, payload: { name } });
    const bad = await verify('../data/tamaq.backup');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toHaveProperty('name');
    expect((await verify(12)).statusCode).toBe(422);
    expect((await verify('tamaq-20200101T000000Z.backup')).statusCode).toBe(404);
  });

  it('is the super admin’s alone', async () => {
    const admin = (await signedIn(t.platform, { role: 'Admin' })).token;
    expect((await t.call({ method: 'GET', url: '/api/admin/backups', token: admin })).statusCode).toBe(403);
    const before = fs.readdirSync(dir).length;
    expect((await t.call({ method: 'POST', url: '/api/admin/backups', token: admin })).statusCode).toBe(403);
    const restore = { name: 'tamaq-20250101T020000Z.backup', confirm: 'Школа №1' };
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/backup/restore', token: admin, payload: restore })).statusCode,
    ).toBe(403);
    const sent = form({ name: 'file', data: 'x', filename: 'copy.backup' });
    expect((await t.call({ method: 'POST', url: '/api/admin/backup/upload', token: admin, ...sent })).statusCode).toBe(
      403,
    );
    const [file] = (await list()).files;
    const link = await linkToken(t.platform, admin);
    expect((await t.call({ method: 'GET', url: `/api/admin/backup/${file!.name}?token=${link}` })).statusCode).toBe(
      403,
    );
    expect(fs.readdirSync(dir).length).toBe(before);
    expect((await t.call({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
  });
});
