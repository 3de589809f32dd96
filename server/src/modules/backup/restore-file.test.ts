import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createPupil } from '../../../test/factories-people.ts';
import { images } from '../../platform/db/schema.ts';
import { fingerprints } from './backup-file.ts';
import { makeBackup } from './make-backup.ts';
import { restoreIntoNewDatabase, scratchName, STALE_SCRATCH_MS } from './restore-file.ts';

/** docs/rules.md "Backups": a backup restored into a new database gives back every row. */
let t: TestContext;
let pool: pg.Pool;
let dir: string;
const restored: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-restore-'));
  // A school's day: pupils with cards, a scan, a calendar day of its own, a photo.
  const org = await createOrganization(t.db, { type: 'education' });
  const school = await createSchool(t.db, { organizationId: org.id });
  const klass = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '5 А' });
  const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  const food = await t.call({
    method: 'POST',
    url: '/api/food/category',
    token: admin,
    payload: { name: 'Платное', cost: 900 },
  });
  for (const name of ['Айгерим', 'Болат\tКим', 'Дана\n«Новая»']) {
    const pupil = await createPupil(t.db, {
      organizationId: org.id,
      schoolId: school.id,
      classroomId: klass.id,
      name,
      foodCategoryId: food.json().id,
    });
    await createCard(t.db, { organizationId: org.id, number: `R${pupil.id}`, userId: pupil.id });
  }
  const [first] = await t.db.query.users.findMany({ where: (u, { eq }) => eq(u.schoolId, school.id) });
  const scan = await t.call({
    method: 'POST',
    url: '/api/school/fixation',
    token: admin,
    payload: { cardId: `R${first!.id}`, schoolId: school.id },
  });
  expect(scan.statusCode).toBe(200);
  const day = await t.call({
    method: 'POST',
    url: '/api/calendar/entry',
    token: admin,
    payload: {
      school_id: school.id,
      kind: 'day_off',
      date_from: '2026-12-18',
      date_to: '2026-12-18',
      name: 'Санитарный день',
    },
  });
  expect(day.statusCode).toBe(200);
  await t.db.insert(images).values({
    key: 'restore-test',
    mime: 'image/webp',
    width: 1,
    height: 1,
    etag: 'e',
    bytes: Buffer.from([0, 255, 10, 13, 92, 9]),
  });
});
afterAll(async () => {
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  for (const name of restored) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  await pool.end();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const fingerprint = fingerprints;

/** Whether a database of that name is on the server (other test files' come and go beside). */
const exists = async (name: string) =>
  (await pool.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

describe('restoring a backup into a new database', () => {
  it('gives back every table row for row, with its sequences past the rows', async () => {
    const made = await makeBackup(pool, dir);
    const back = await restoreIntoNewDatabase(made.file, t.databaseUrl);
    restored.push(back.name);
    expect(await fingerprint(back.url)).toEqual(await fingerprint(t.databaseUrl));
    expect(back.summary.tables.find((x) => x.name === 'visits')?.rows).toBe(1);
    // Its indexes are the original's, every one (the plain ones are built again after the rows).
    const indexes = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (
          await c.query(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`)
        ).rows;
      } finally {
        await c.end();
      }
    };
    const theirs = await indexes(t.databaseUrl);
    expect(theirs.length).toBeGreaterThan(50);
    expect(await indexes(back.url)).toEqual(theirs);
    // A new row takes the next id, as it would have on the original.
    const client = new pg.Client({ connectionString: back.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        `insert into organizations (name, type) values ('После восстановления', 'education') returning id`,
      );
      const { rows: max } = await pool.query<{ id: number }>('select max(id) as id from organizations');
      expect(rows[0]!.id).toBeGreaterThan(max[0]!.id);
    } finally {
      await client.end();
    }
  });

  it('drops what a restore killed midway left on the server, not one being filled now', async () => {
    const stale = scratchName('restore', Date.now() - STALE_SCRATCH_MS - 60_000);
    const staleInUse = scratchName('restore', Date.now() - STALE_SCRATCH_MS - 60_000);
    const fresh = scratchName('restore');
    for (const name of [stale, staleInUse, fresh]) await pool.query(`create database "${name}"`);
    const url = new URL(t.databaseUrl);
    url.pathname = `/${staleInUse}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      const made = await makeBackup(pool, fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-restore-')));
      const into = await restoreIntoNewDatabase(made.file, t.databaseUrl);
      restored.push(into.name);
      expect(await exists(stale)).toBe(false);
      expect(await exists(staleInUse)).toBe(true);
      expect(await exists(fresh)).toBe(true);
    } finally {
      await holder.end();
      for (const name of [staleInUse, fresh]) await pool.query(`drop database if exists "${name}"`);
    }
  });

  it('refuses a changed file before creating anything', async () => {
    const made = await makeBackup(pool, fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-restore-')));
    const bytes = fs.readFileSync(made.file);
    const cut = path.join(dir, 'cut.backup');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    await expect(restoreIntoNewDatabase(cut, t.databaseUrl, 'tamaq_restore_refused')).rejects.toThrow(
      'Файл обрезан: копия записана не до конца',
    );
    expect(await exists('tamaq_restore_refused')).toBe(false);
  });
});
