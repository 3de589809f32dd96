import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import { fromPostgresUrl, type Database } from './client.ts';

let shared: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(() => shared.close());

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);

describe('the pool', () => {
  it('gets back the client of a transaction whose begin failed, and still stops', async () => {
    // One connection: a client kept lent by a failed `begin` would make the next statement wait for
    // ever (as a restart of the database used to, a few clients at a time, until nothing answered).
    const database: Database = fromPostgresUrl(shared.url, 1);
    try {
      const begin = database.db.transaction(async () => 1, {
        isolationLevel: 'no such level' as 'serializable',
      });
      await expect(begin).rejects.toThrow();
      const [row] = (
        (await within(5_000, database.db.execute(sql`select 7 as n`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(row!.n).toBe(7);
      expect(
        await within(
          5_000,
          database.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            return 'written';
          }),
        ),
      ).toBe('written');
    } finally {
      await within(5_000, database.close());
    }
  });
});
