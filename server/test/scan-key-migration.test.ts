import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate.ts';
import { migrationsBefore } from './migrations-before.ts';
import { openBlankDatabase } from './test-db.ts';

/**
 * A scan's Idempotency-Key lives on its visit since migration 0019 (one row less per scan).
 * A scan answered just before the upgrade and retried after it still finds its visit.
 */
describe('migration 0019: the scan key on the visit', () => {
  it('moves the keys of the last two days onto their visits, and one scan is still one visit', async () => {
    const blank = await openBlankDatabase();
    const { client, db } = blank;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0019_scan_key_on_visit') });
      const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
        (await client.query<T>(text, params)).rows[0]!;
      const org = await one<{ id: number }>(
        `insert into organizations (name, type) values ('Асхана', 'company') returning id`,
      );
      const cashier = await one<{ id: number }>(
        `insert into users (organization_id, name) values ($1, 'Кассир') returning id`,
        [org.id],
      );
      const eater = await one<{ id: number }>(
        `insert into users (organization_id, name) values ($1, 'Сотрудник') returning id`,
        [org.id],
      );
      const visit = async (day: string, key: string, keyedAt: string) => {
        const v = await one<{ id: number }>(
          `insert into visits (organization_id, user_id, one_time, visit_date, created_by)
           values ($1, $2, false, $3, $4) returning id`,
          [org.id, eater.id, day, cashier.id],
        );
        await client.query(
          `insert into idempotency_keys (user_id, key, visit_id, created_at) values ($1, $2, $3, $4)`,
          [cashier.id, key, v.id, keyedAt],
        );
        return v.id;
      };
      const recent = await visit('2026-11-25', 'key-recent-0001', new Date(Date.now() - 3_600_000).toISOString());
      const old = await visit('2026-11-01', 'key-old-000001', '2026-11-01T06:00:00Z');

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const keyOf = async (id: number) =>
        (await one<{ scan_key: string | null }>(`select scan_key from visits where id = $1`, [id])).scan_key;
      expect(await keyOf(recent)).toBe('key-recent-0001');
      expect(await keyOf(old)).toBeNull();
      expect((await one<{ t: string | null }>(`select to_regclass('idempotency_keys')::text as t`)).t).toBeNull();
      // The same caller's key a second time is refused by the database itself.
      await expect(
        client.query(
          `insert into visits (organization_id, user_id, one_time, visit_date, created_by, scan_key)
           values ($1, $2, false, '2026-11-25', $3, 'key-recent-0001')`,
          [org.id, eater.id, cashier.id],
        ),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await blank.close();
    }
  });
});
