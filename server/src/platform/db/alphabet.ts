import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '@tamaq/contract/languages';

/**
 * The alphabet a list is read in: a Kazakh reader's names come in Kazakh alphabetical order (ә after
 * а, і after ы …), a Russian reader's in Russian; numbers inside names by value ("2 А" before
 * "10 А"). Set once per request (`registerAnswerLanguage`), so repositories and reports order by it
 * without each signature carrying the language; work outside a request reads in Russian.
 */
const reader = new AsyncLocalStorage<Language>();

/** Runs `work` for a reader of `language`. */
export const readingIn = <T>(language: Language, work: () => T): T => reader.run(language, work);

const language = (): Language => reader.getStore() ?? 'ru';

const collators: Record<Language, Intl.Collator> = {
  ru: new Intl.Collator('ru', { numeric: true }),
  kk: new Intl.Collator('kk', { numeric: true }),
};

/** Compares two names in the reader's alphabet: the same order as `alphabetically` in SQL (ICU both). */
export const compareNames = (a: string, b: string): number => collators[language()].compare(a, b);

/** A text column in the reader's alphabet, for `orderBy` (the collations of migration 0028). */
export const alphabetically = (column: AnyColumn | SQL): SQL =>
  sql`${column} collate ${sql.identifier(`${language()}_names`)}`;
