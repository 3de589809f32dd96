import { count, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from './client.ts';

/**
 * The list queries every catalogue shares: `{total, rows}` pages, searchable by a part of a text
 * with the user's `%`, `_` and `\` taken literally, in a stable order, each read bounded in time.
 */

/** The user's text escaped for LIKE. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ilike, the text taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** Rows where any of the columns holds the text (case-insensitive); no condition for an empty search. */
export function searchIn(text: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** A select with its filter and order, waiting for its page. */
interface Pageable<R> {
  limit(n: number): { offset(n: number): PromiseLike<R[]> };
}

export interface PageQuery<R> {
  /** The rows' select, filtered by `where` and ordered ending with a unique column (a stable order). */
  rows: (tx: Db) => Pageable<R>;
  /** The table counted under `where` for the total. */
  table: PgTable;
  where: SQL | undefined;
  /** The count under `where` when the filter reaches joined tables (else `table` is counted). */
  count?: (tx: Db) => PromiseLike<{ n: number }[]>;
  limit: number;
  offset: number;
}

/** One page and the total under the same filter, in one read whose statements PostgreSQL bounds. */
export function listPage<R>(db: Db, q: PageQuery<R>): Promise<{ total: number; rows: R[] }> {
  return boundedRead(db, LIST_TIMEOUT_MS, (tx) => pageIn(tx, q));
}

/** One page and the total, read on `tx` (a search that reads more first runs in its own bounded read). */
export async function pageIn<R>(tx: Db, q: PageQuery<R>): Promise<{ total: number; rows: R[] }> {
  const rows = await q.rows(tx).limit(q.limit).offset(q.offset);
  const [total] = q.count ? await q.count(tx) : await tx.select({ n: count() }).from(q.table).where(q.where);
  return { total: total?.n ?? 0, rows };
}
