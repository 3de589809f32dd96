import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate.ts';
import { migrationsBefore } from './migrations-before.ts';
import { openBlankDatabase } from './test-db.ts';

/**
 * Dish category names are unique in an organization since migration 0023. Names repeated before it keep
 * the oldest as it was and number the later ones, so the upgrade never fails on an installation's data.
 */
describe('migration 0023: dish category names once per organization', () => {
  it('numbers the repeated names, leaves the rest and the deleted ones, then refuses a repeat', async () => {
    const blank = await openBlankDatabase();
    const { client, db } = blank;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0023_dish_category_names') });
      const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
        (await client.query<T>(text, params)).rows[0]!;
      const org = async (name: string) =>
        (
          await one<{ id: number }>(`insert into organizations (name, type) values ($1, 'education') returning id`, [
            name,
          ])
        ).id;
      const a = await org('Гимназия №1');
      const b = await org('Школа №2');
      const category = async (organizationId: number, name: string, at: string, deleted = false) =>
        (
          await one<{ id: number }>(
            `insert into dish_categories (organization_id, name, created_at, deleted_at)
             values ($1, $2, $3, case when $4 then now() end) returning id`,
            [organizationId, name, at, deleted],
          )
        ).id;
      const first = await category(a, 'Салаты', '2026-01-01');
      const second = await category(a, 'салаты', '2026-02-01');
      const third = await category(a, 'САЛАТЫ', '2026-03-01');
      const taken = await category(a, 'Салаты (2)', '2026-01-15');
      const gone = await category(a, 'Салаты', '2026-04-01', true);
      const elsewhere = await category(b, 'Салаты', '2026-05-01');

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const name = async (id: number) =>
        (await one<{ name: string }>(`select name from dish_categories where id = $1`, [id])).name;
      expect(await name(first)).toBe('Салаты');
      expect(await name(taken)).toBe('Салаты (2)');
      expect(await name(second)).toBe('салаты (3)');
      expect(await name(third)).toBe('САЛАТЫ (4)');
      expect(await name(gone)).toBe('Салаты');
      expect(await name(elsewhere)).toBe('Салаты');
      await expect(
        client.query(`insert into dish_categories (organization_id, name) values ($1, 'салаты')`, [a]),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await blank.close();
    }
  });
});
