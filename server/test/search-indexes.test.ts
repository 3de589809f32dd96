import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/client.ts';
import { openTestDatabase } from './test-db.ts';

/**
 * Searches by a part of a text (`ilike '%…%'`) must read a trigram index: a search that
 * walks a whole table holds a connection and a core while the queue waits. This holds the migration
 * and the pg_trgm extension of the embedded server.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const planOf = async (query: string) => {
  // With sequential scans priced out, the plan names the index if one can answer the pattern.
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as { rows: Record<string, string>[] };
    return res.rows;
  });
  return rows.map((r) => Object.values(r)[0]).join('\n');
};

describe('search indexes', () => {
  it.each([
    ['users', 'name', 'users_name_trgm_idx'],
    ['users', 'job_title', 'users_job_title_trgm_idx'],
    ['cards', 'number', 'cards_number_trgm_idx'],
  ])('%s.%s ilike %%…%% reads %s', async (table, column, index) => {
    expect(await planOf(`select id from ${table} where ${column} ilike '%qwxzqw%'`)).toContain(index);
  });
});
