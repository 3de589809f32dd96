import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createPupil } from '../../../test/factories-people.ts';
import { fingerprints } from './backup-file.ts';
import { makeBackup } from './make-backup.ts';
import { restoreIntoNewDatabase } from './restore-file.ts';

/**
 * docs/rules.md "Backups": a file taken on one PostgreSQL restores on another, the machine's server
 * (15, where it answers at 127.0.0.1:5432) and the test server (the embedded 18) both ways.
 */
const MACHINE = 'postgres://postgres@127.0.0.1:5432/test';
let t: TestContext;
let dir: string;
let machineAnswers = false;
const made: { server: string; name: string }[] = [];

const answers = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};
const serverOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port}${u.searchParams.get('host') ?? ''}`;
};

beforeAll(async () => {
  t = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-across-'));
  // Two different servers: the machine's answers and is not the one the tests run on.
  machineAnswers = serverOf(MACHINE) !== serverOf(t.databaseUrl) && (await answers(MACHINE));
  // A school's rows of every kind of value: times, money, arrays, JSON (the audit), bytes.
  const org = await createOrganization(t.db, { type: 'education' });
  const school = await createSchool(t.db, { organizationId: org.id });
  const klass = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '7 Б' });
  const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  const lunch = await t.call({
    method: 'POST',
    url: '/api/fixation/category',
    token: admin,
    payload: { name: 'Обед', time_start: '05:00', time_finish: '23:00' },
  });
  const food = await t.call({
    method: 'POST',
    url: '/api/food/category',
    token: admin,
    payload: { name: 'Соцкошелёк', cost: 650.5, type: 'sw', meals: [lunch.json().id] },
  });
  const pupil = await createPupil(t.db, {
    organizationId: org.id,
    schoolId: school.id,
    classroomId: klass.id,
    name: 'Әлия\tҚасымова',
    foodCategoryId: food.json().id,
    socialWalletSetDate: '2026-09-01',
  });
  await createCard(t.db, { organizationId: org.id, number: 'X1', userId: pupil.id });
  await t.call({
    method: 'POST',
    url: '/api/school/fixation',
    token: admin,
    payload: { cardId: 'X1', schoolId: school.id },
  });
});
afterAll(async () => {
  for (const { server, name } of made) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup across PostgreSQL servers', () => {
  it('restores the test server’s file on the machine’s PostgreSQL, and that one’s back, row for row', async (ctx) => {
    if (!machineAnswers) ctx.skip();
    const source = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    const first = await makeBackup(source, dir, () => new Date('2026-12-02T10:00:00Z'));
    await source.end();
    const there = await restoreIntoNewDatabase(first.file, MACHINE);
    made.push({ server: MACHINE, name: there.name });
    const original = await fingerprints(t.databaseUrl);
    expect(await fingerprints(there.url)).toEqual(original);

    const back = new pg.Pool({ connectionString: there.url, max: 1 });
    const second = await makeBackup(back, dir, () => new Date('2026-12-02T10:00:01Z'));
    await back.end();
    expect(second.header.postgres).not.toBe(first.header.postgres);
    const home = await restoreIntoNewDatabase(second.file, t.databaseUrl);
    made.push({ server: t.databaseUrl, name: home.name });
    expect(await fingerprints(home.url)).toEqual(original);
  });
});
