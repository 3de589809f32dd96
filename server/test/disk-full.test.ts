import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { createCard, createPupil, schoolWithPupil } from './factories-people.ts';
import { signedIn } from './factories.ts';
import { createDiskWatch } from '../src/platform/disk.ts';
import { createNotices } from '../src/platform/notices.ts';

/**
 * A full disk (docs/rules.md "A full disk"), for real: the test database's visits move to a
 * tablespace on a 4 MB tmpfs, which a file then fills. A scan answers 503 naming the cause, health
 * says the disk is full, the dashboard shows it; once space is made, scans are recorded again and
 * both say so. Needs root (to mount) and the database server on this machine (to reach its folder).
 */
const rootHere = process.getuid?.() === 0;

let t: TestContext;
let mount = '';
let tablespace = '';
let admin: pg.Client | null = null;
let ready = false;

beforeAll(async () => {
  t = await createTestContext();
  if (!rootHere) return;
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const dataDir = (await admin.query<{ d: string }>(`select current_setting('data_directory') as d`)).rows[0]!.d;
  if (!fs.existsSync(dataDir)) return;
  const { uid, gid } = fs.statSync(dataDir);
  mount = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-full-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]).status !== 0) return;
  const location = path.join(mount, 'space');
  fs.mkdirSync(location);
  fs.chownSync(location, uid, gid);
  fs.chmodSync(location, 0o700);
  tablespace = `tamaq_full_${randomBytes(4).toString('hex')}`;
  await admin.query(`create tablespace ${tablespace} location '${location}'`);
  const { rows } = (await t.db.execute(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] };
  const db = rows[0]?.db ?? '';
  expect(db).toMatch(/^tamaq_test_/);
  await t.db.execute(sql.raw(`alter table visits set tablespace ${tablespace}`));
  // Every index but the shipped food table's (its trigram index alone outgrows the 4 MB disk): any
  // write of the product's own then needs the full disk.
  const indexes = (await t.db.execute(
    sql`select indexname from pg_indexes where schemaname = 'public' and tablename <> 'foods'`,
  )) as unknown as { rows: { indexname: string }[] };
  for (const { indexname } of indexes.rows)
    await t.db.execute(sql.raw(`alter index "${indexname}" set tablespace ${tablespace}`));
  ready = true;
});
afterAll(async () => {
  await t?.close();
  if (tablespace) await admin?.query(`drop tablespace if exists ${tablespace}`).catch(() => {});
  await admin?.end();
  if (mount) {
    spawnSync('umount', [mount]);
    fs.rmSync(mount, { recursive: true, force: true });
  }
});

/** Fills the tmpfs with a file until the system refuses more. */
function fill(): string {
  const filler = path.join(mount, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (err) {
    expect((err as { code?: string }).code).toBe('ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

describe('a full disk', () => {
  it('answers a scan 503 with the cause, says so in health and on the dashboard, and recovers when space is made', async (ctx) => {
    if (!ready) ctx.skip();
    const s = await schoolWithPupil(t.platform);
    const superAdmin = await signedIn(t.platform, { role: 'SuperAdmin' });
    // Pupils of the school, a card each, one for every scan.
    const cards: { number: string }[] = [];
    for (let i = 0; i < 400; i++) {
      const pupil = await createPupil(t.db, {
        organizationId: s.org.id,
        schoolId: s.school.id,
        classroomId: s.pupil.classroomId ?? undefined,
        foodCategoryId: s.pupil.foodCategoryId ?? undefined,
      });
      cards.push(await createCard(t.db, { organizationId: s.org.id, userId: pupil.id }));
    }
    const scan = () =>
      t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: s.cashier,
        headers: { 'idempotency-key': randomUUID() },
        payload: { cardId: cards.pop()!.number, schoolId: s.school.id },
      });
    const health = () => t.call({ method: 'GET', url: '/api/health' });
    const notices = async () =>
      (await t.call({ method: 'GET', url: '/api/admin/summary', token: superAdmin.token })).json().notices;

    expect((await scan()).statusCode).toBe(200);
    const filler = fill();
    // Scans until one needs a new page of the table or an index (the first few may fit a page).
    let refused = null;
    for (let i = 0; i < 390 && !refused; i++) {
      const res = await scan();
      if (res.statusCode !== 200) refused = res;
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual({
      error: 'Service unavailable',
      errorMessage: expect.stringMatching(/^На диске сервера не осталось места/),
    });
    const full = await health();
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ status: 'unavailable', database: 'up', disk: 'full' });
    expect(await notices()).toContain('disk-full');

    fs.rmSync(filler);
    const again = await scan();
    expect(again.statusCode).toBe(200);
    expect((await health()).json()).toMatchObject({ status: 'ok', disk: 'ok' });
    expect(await notices()).not.toContain('disk-full');
  });
  it('is said to be running low when the data directory has little free space left', async (ctx) => {
    if (!ready) ctx.skip();
    const said: string[] = [];
    const notices = createNotices(
      { warn: (m) => said.push(m), info: (m) => said.push(m) },
      {
        'disk-low': 'low',
        'disk-full': 'full',
        'forwarded-untrusted': 'proxy',
      },
    );
    // The 4 MB disk has under 512 MB free however empty it is.
    const disk = createDiskWatch(mount, notices);
    try {
      expect(await disk.state()).toBe('low');
      expect(notices.list()).toEqual(['disk-low']);
      expect(await disk.state()).toBe('low');
      // Said once, however often it is read.
      expect(said).toEqual(['low']);
    } finally {
      disk.stop();
    }
  });
});
