import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loadDemoData } from '../../demo/demo-data.ts';
import { poolOf } from '../../platform/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../platform/db/embedded-postgres.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { fingerprints } from './backup-file.ts';
import { makeBackup } from './make-backup.ts';
import { restoreIntoNewDatabase } from './restore-file.ts';

/**
 * docs/rules.md "Backups", the drill: the demo's school year with a day of work on it, backed up and
 * restored on a new embedded server (a new computer), gives back every table row for row. In the
 * lane on the machine's PostgreSQL 15 the same drill goes from 15 to the embedded 18.
 */
let t: TestContext;
let fresh: EmbeddedPostgres;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-drill-'));

beforeAll(async () => {
  t = await createTestContext();
  // A school's lunch (12:00 in Almaty): its meals are served.
  t.clock.now = new Date('2026-12-02T07:00:00Z');
  await loadDemoData(t.db, t.clock.now);
  // A day's work on top of the demo's year, through the API: sign-ins, scans at a school's screen
  // (each with the key a scanner sends), a forgotten password's code, the nightly backup's settings.
  const login = async (email: string) =>
    (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })).json()
      .access_token as string;
  const cashier = await login('edu.admin@demo.kz');
  const { rows: cards } = await poolOf(t.platform.database.db).pool.query<{ number: string; school: number }>(`
    select c.number, u.school_id as school from cards c join users u on u.id = c.user_id
    join organizations o on o.id = u.organization_id and o.type = 'education'
    where u.school_id is not null and u.classroom_id is not null and u.food_category_id is not null
    order by u.id limit 5`);
  for (const card of cards) {
    const scan = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: cashier,
      headers: { 'idempotency-key': randomUUID() },
      payload: { cardId: card.number, schoolId: card.school },
    });
    expect(scan.statusCode, scan.body).toBe(200);
  }
  // A sale voided with its reason (audited).
  const { rows: sold } = await poolOf(t.platform.database.db).pool.query<{ id: number }>(`
    select o.id from orders o join organizations g on g.id = o.organization_id and g.type = 'education'
    where o.voided_at is null order by o.id limit 1`);
  const voided = await t.call({
    method: 'POST',
    url: `/api/orders/${sold[0]!.id}/void`,
    token: cashier,
    payload: { reason: 'Пробит дважды' },
  });
  expect(voided.statusCode, voided.body).toBe(200);
  const recovery = await t.call({
    method: 'POST',
    url: '/api/auth/password/recovery',
    payload: { email: 'librarian@demo.kz' },
  });
  expect(recovery.statusCode).toBe(200);
  const settings = await t.call({
    method: 'PUT',
    url: '/api/admin/backup/settings',
    token: await login('superadmin@demo.kz'),
    payload: { time: '03:00', keep: 7 },
  });
  expect(settings.statusCode).toBe(200);
  fresh = await startEmbeddedPostgres(path.join(dataDir, 'new-computer'));
}, 120_000);
afterAll(async () => {
  await fresh?.stop();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the backup drill', () => {
  it('restores a school year with a day’s work on a new server, every table row for row', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    const made = await makeBackup(pool, path.join(dataDir, 'backups'));
    await pool.end();
    const back = await restoreIntoNewDatabase(made.file, fresh.url);
    const theirs = await fingerprints(t.databaseUrl);
    // Every table the day touched has rows in it: only the backups' own records, and what nothing
    // here makes, are empty.
    expect(
      Object.entries(theirs)
        .filter(([, v]) => v.rows === 0)
        .map(([table]) => table),
    ).toEqual(['backup_checks', 'backup_runs', 'book_imports', 'request_keys', 'scan_windows']);
    expect(await fingerprints(back.url)).toEqual(theirs);
  }, 180_000);
});
