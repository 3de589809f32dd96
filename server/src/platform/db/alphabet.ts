import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '@tamaq/contract/languages';
import { nameInLanguage, type StoredNames } from '@tamaq/contract/names';

/**
 * The alphabet a list is read in: a Kazakh reader's names come in Kazakh alphabetical order (ә after
 * а, і after ы …), a Russian reader's in Russian; numbers inside names by value ("2 А" before
 * "10 А"). Set once per request (`registerAnswerLanguage`), so repositories and reports order by it
 * without each signature carrying the language; work outside a request reads in Russian.
 */
const reader = new AsyncLocalStorage<Language>();

/** Runs `work` for a reader of `language`. */
export const readingIn = <T>(language: Language, work: () => T): T => reader.run(language, work);

/** The reader's language: a workbook names the organization's things in it (Russian outside a request). */
export const readerLanguage = (): Language => reader.getStore() ?? 'ru';
const language = readerLanguage;

/**
 * A thing's name in the reader's language, or its other one until that is given (contract/src/names.ts):
 * from its names as stored or as an answer gives them.
 */
export const nameForReader = (row: StoredNames | { name: string; name_ru: string | null; name_kk: string | null }) =>
  nameInLanguage(
    'name_kk' in row ? { name: row.name, nameKk: row.name_kk, nameRuMissing: row.name_ru === null } : row,
    readerLanguage(),
  );

/**
 * A name column in the reader's language, in SQL: a Kazakh reader's `name_kk` where given, else
 * `name` (which holds the Kazakh name while the Russian one is missing).
 */
export const nameColumnForReader = (name: AnyColumn | SQL, nameKk: AnyColumn | SQL): SQL =>
  readerLanguage() === 'kk' ? sql`coalesce(${nameKk}, ${name})` : sql`${name}`;

const collators: Record<Language, Intl.Collator> = {
  ru: new Intl.Collator('ru', { numeric: true }),
  kk: new Intl.Collator('kk', { numeric: true }),
};

/** Compares two names in the reader's alphabet: the same order as `alphabetically` in SQL (ICU both). */
export const compareNames = (a: string, b: string): number => collators[language()].compare(a, b);

/** A text column in the reader's alphabet, for `orderBy` (the collations of migration 0028). */
export const alphabetically = (column: AnyColumn | SQL): SQL =>
  sql`${column} collate ${sql.identifier(`${language()}_names`)}`;
