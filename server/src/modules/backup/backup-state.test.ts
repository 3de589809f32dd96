import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { backupChecks, backupRuns, organizations } from '../../platform/db/schema.ts';
import { backupState } from './backup-state.ts';

/** docs/rules.md "Backups": what the super admin's dashboard warns of. */
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
  const org = await createOrganization(t.db, { type: 'education' });
  await t.db
    .update(organizations)
    .set({ createdAt: new Date('2026-11-01T08:00:00Z') })
    .where(eq(organizations.id, org.id));
});
afterAll(() => t.close());

const summary = async () => {
  const s = (await t.call({ method: 'GET', url: '/api/admin/summary', token })).json();
  // The test's backups would be on its data's disk: that warning is checked on its own below.
  return { ...s, notices: (s.notices as string[]).filter((n) => n !== 'backup-same-disk') };
};

describe('the backups on the super admin’s dashboard', () => {
  it('warns when no backup was written for 48 hours, counting a new installation’s age', async () => {
    t.clock.now = new Date('2026-11-02T08:00:00Z');
    expect((await summary()).notices).toEqual([]);
    t.clock.now = new Date('2026-11-03T08:01:00Z');
    expect((await summary()).notices).toEqual(['backup-old']);
    await t.db.insert(backupRuns).values({
      day: '2026-11-03',
      status: 'done',
      startedAt: new Date('2026-11-02T21:00:00Z'),
      finishedAt: new Date('2026-11-02T21:00:02Z'),
      file: '/backups/tamaq-20261102T210000Z.backup',
    });
    const after = await summary();
    expect(after.notices).toEqual([]);
    expect(after.backup.last_at).toBe('2026-11-02T21:00:02.000Z');
  });

  it('says the last night failed, with its reason, until a backup is written again', async () => {
    await t.db.insert(backupRuns).values({
      day: '2026-11-04',
      status: 'failed',
      startedAt: new Date('2026-11-03T21:00:00Z'),
      finishedAt: new Date('2026-11-03T21:00:01Z'),
      error: 'ENOSPC: no space left on device',
    });
    t.clock.now = new Date('2026-11-04T08:00:00Z');
    const s = await summary();
    expect(s.notices).toEqual(['backup-failed']);
    expect(s.backup).toMatchObject({
      failed_at: '2026-11-03T21:00:01.000Z',
      failed_reason: 'ENOSPC: no space left on device',
    });
    // A reason that is not ours (the system's) stays as it was written, on either screen.
    const kk = (
      await t.call({ method: 'GET', url: '/api/admin/summary', token, headers: { 'accept-language': 'kk' } })
    ).json();
    expect(kk.backup.failed_reason).toBe('ENOSPC: no space left on device');
    await t.db.insert(backupRuns).values({
      day: '2026-11-05',
      status: 'done',
      startedAt: new Date('2026-11-04T21:00:00Z'),
      finishedAt: new Date('2026-11-04T21:00:02Z'),
    });
    expect((await summary()).notices).toEqual([]);
  });

  it('warns when the weekly check could not restore the newest backup, with its reason', async () => {
    await t.db.insert(backupChecks).values({
      file: '/backups/tamaq-20261104T210000Z.backup',
      checkedAt: new Date('2026-11-04T21:00:05Z'),
      ok: false,
      error: 'Файл обрезан: копия записана не до конца',
    });
    const s = await summary();
    expect(s.notices).toEqual(['backup-check-failed']);
    expect(s.backup).toMatchObject({
      checked_at: '2026-11-04T21:00:05.000Z',
      check_error: 'Файл обрезан: копия записана не до конца',
    });
    // On the Kazakh screen the reason is in Kazakh (ours are declared in both languages).
    const kk = (
      await t.call({ method: 'GET', url: '/api/admin/summary', token, headers: { 'accept-language': 'kk' } })
    ).json();
    expect(kk.backup.check_error).toBe('Файл қысқартылған: көшірме соңына дейін жазылмаған');
    await t.db.insert(backupChecks).values({ file: 'x', checkedAt: new Date('2026-11-05T21:00:05Z'), ok: true });
    expect((await summary()).notices).toEqual([]);
  });

  it('warns of backups on the embedded database’s own disk', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-data-'));
    const now = new Date('2026-11-05T08:00:00Z');
    const same = await backupState(
      t.db,
      { databaseUrl: null, dataDir: data, backupDir: path.join(data, 'backups') },
      now,
    );
    expect(same.notices).toEqual(['backup-same-disk']);
    // A server of its own keeps its data elsewhere: nothing to compare.
    const remote = await backupState(
      t.db,
      { databaseUrl: 'postgres://db/tamaq', dataDir: data, backupDir: path.join(data, 'backups') },
      now,
    );
    expect(remote.notices).toEqual([]);
    // Another disk (the machine's memory disk, where it has one).
    if (fs.existsSync('/dev/shm') && fs.statSync('/dev/shm').dev !== fs.statSync(data).dev) {
      const other = await backupState(
        t.db,
        { databaseUrl: null, dataDir: data, backupDir: '/dev/shm/tamaq-backups' },
        now,
      );
      expect(other.notices).toEqual([]);
    }
    fs.rmSync(data, { recursive: true, force: true });
  });
});
