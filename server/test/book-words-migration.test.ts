import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate.ts';
import { migrationsBefore } from './migrations-before.ts';
import { openBlankDatabase } from './test-db.ts';

/**
 * Book search reads the word tables that migration 0016's trigger keeps. A library that
 * upgrades keeps finding the books it had: the migration indexes them, and the trigger follows
 * every later insert, rename and removal.
 */
describe('migration 0016: the book search words', () => {
  it('indexes the books written before it, then follows inserts, renames and removals', async () => {
    const blank = await openBlankDatabase();
    const { client, db } = blank;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0016_book_search_words') });
      const {
        rows: [org],
      } = await client.query<{ id: number }>(
        `insert into organizations (name, type) values ('Отдел образования', 'education') returning id`,
      );
      const {
        rows: [school],
      } = await client.query<{ id: number }>(
        `insert into schools (organization_id, name) values ($1, 'Школа №1') returning id`,
        [org!.id],
      );
      const addBook = async (name: string, authors: string) =>
        (
          await client.query<{ id: number }>(
            `insert into books (organization_id, school_id, name, authors, publisher, year)
             values ($1, $2, $3, $4, 'Мектеп', 2020) returning id`,
            [org!.id, school!.id, name, authors],
          )
        ).rows[0]!.id;
      const algebra = await addBook('Алгебра. 9 класс', 'Абылкасымова А.Е.');

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const wordsOf = async (bookId: number) =>
        (
          await client.query<{ word: string }>(`select word from book_word_books where book_id = $1 order by word`, [
            bookId,
          ])
        ).rows.map((r) => r.word);
      // Words of three letters or more, lower case, Latin look-alikes read as Cyrillic.
      expect(await wordsOf(algebra)).toEqual(['абылкасымова', 'алгебра', 'класс']);

      const abai = await addBook('Путь Абая', 'Ауэзов M.'); // Latin M
      expect(await wordsOf(abai)).toEqual(['ауэзов', 'абая', 'путь'].sort());
      await client.query(`update books set name = 'Геометрия. 9 класс' where id = $1`, [algebra]);
      expect(await wordsOf(algebra)).toEqual(['абылкасымова', 'геометрия', 'класс']);
      await client.query(`update books set deleted_at = now() where id = $1`, [abai]);
      expect(await wordsOf(abai)).toEqual([]);

      // The vocabulary keeps every word a book of the school has held.
      const vocabulary = (
        await client.query<{ word: string }>(`select word from book_words where school_id = $1 order by word`, [
          school!.id,
        ])
      ).rows.map((r) => r.word);
      expect(vocabulary).toEqual(['абая', 'абылкасымова', 'алгебра', 'ауэзов', 'геометрия', 'класс', 'путь']);
    } finally {
      await blank.close();
    }
  });
});
