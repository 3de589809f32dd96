import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { hasLatin, latinToCyrillic } from '@tamaq/contract/transliterate';
import { escapeLike, pageIn } from '../../platform/db/catalogue.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';
import { cookingLosses, foodPrices, foods, foodSearchable } from '../../platform/db/schema-nutrition.ts';

/** How alike a typed word and a food's name must be (0–1) to stand for it: «говдина» for «говядина». */
const ALIKE = 0.5;
/** Shorter typed words are looked for only as a part of a name («сут» in «сүт»): a typo of two letters is anything. */
const TYPO_WORD = 4;
/** Typed words this long are looked for through the trigram index; shorter ones in each name, as a part of it. */
const INDEXED_WORD = 3;
/** How many typed words a search reads. */
const SEARCH_WORDS = 6;

/** The words of a search, each with the readings it may have («govyadina»: «говядина» too). */
function typedWords(text: string): string[][] {
  const words = text
    .split(/[^\p{L}\p{N}%.,]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS);
  // Only signs typed («_», «/»): looked for as they are, not as no search at all.
  if (!words.length && text.trim()) words.push(text.trim());
  return words.map((word) => (hasLatin(word) ? [word, latinToCyrillic(word)] : [word]));
}

/** The LIKE pattern of a typed reading: a part of a name, compared as searchable («Сүт» as «сут»). */
const containing = (reading: string) =>
  sql`${foods.searchText} like '%' || ${foodSearchable(sql`${escapeLike(reading)}`)} || '%'`;

/**
 * A typed word's match with a food and its score: 1 for a part of its names, else how alike. A word
 * a name holds is looked for as a part only («rice» is not read as «price»); one no name holds, as a
 * typo of a word of the names («говдина»). A short word («ма», «2») is looked for with strpos, which no
 * index serves: the trigram index would read every food for it. `held[i]`: some name holds reading i.
 */
function wordMatch(readings: string[], held: boolean[]): { matches: SQL; score: SQL } {
  const typed = (reading: string) => foodSearchable(sql`${reading}`);
  if (!readings.every((r) => r.length >= INDEXED_WORD)) {
    const holds = or(...readings.map((r) => sql`strpos(${foods.searchText}, ${typed(r)}) > 0`))!;
    return { matches: holds, score: sql`case when ${holds} then 1 else 0 end` };
  }
  const parts = readings.filter((_, i) => held[i]);
  if (parts.length) return { matches: or(...parts.map(containing))!, score: sql`1::real` };
  const typos = readings.filter((r) => r.length >= TYPO_WORD);
  if (!typos.length) return { matches: or(...readings.map(containing))!, score: sql`1::real` };
  return {
    matches: or(...typos.map((r) => sql`(${typed(r)} <% ${foods.searchText})`))!,
    score: sql`greatest(${sql.join(
      typos.map((r) => sql`word_similarity(${typed(r)}, ${foods.searchText})`),
      sql`, `,
    )})`,
  };
}

export type FoodRow = typeof foods.$inferSelect;

/** The shipped table's foods and the organization's own, live. */
export function createFoodsRepository(db: Db) {
  const visible = (organizationId: number | null) =>
    and(
      isNull(foods.deletedAt),
      // coalesce: no index serves it, so a search is led by the trigram index, not by the organization's.
      sql`coalesce(${foods.organizationId}, 0) in (0, ${organizationId ?? 0})`,
    );

  return {
    /** The organization's prices of a food, the newest first. */
    async prices(organizationId: number, foodId: number, tx: Db = db) {
      return tx
        .select({ pricePerKg: foodPrices.pricePerKg, validFrom: foodPrices.validFrom, createdAt: foodPrices.createdAt })
        .from(foodPrices)
        .where(and(eq(foodPrices.organizationId, organizationId), eq(foodPrices.foodId, foodId)))
        .orderBy(desc(foodPrices.validFrom));
    },

    /** The price from a day on; the same day's is replaced. */
    async setPrice(
      row: { organizationId: number; foodId: number; pricePerKg: string; validFrom: string; createdBy: number },
      tx: Db = db,
    ) {
      await tx
        .insert(foodPrices)
        .values(row)
        .onConflictDoUpdate({
          target: [foodPrices.organizationId, foodPrices.foodId, foodPrices.validFrom],
          set: { pricePerKg: row.pricePerKg, createdBy: row.createdBy, createdAt: new Date() },
        });
    },

    /** An organization's own food, live, locked for a change. */
    async own(organizationId: number, id: number, tx: Db = db): Promise<FoodRow | null> {
      const [row] = await tx
        .select()
        .from(foods)
        .where(and(eq(foods.id, id), eq(foods.organizationId, organizationId), isNull(foods.deletedAt)))
        .for('update');
      return row ?? null;
    },

    async insert(values: typeof foods.$inferInsert, tx: Db = db): Promise<FoodRow> {
      const [row] = await tx.insert(foods).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<typeof foods.$inferInsert>, tx: Db = db): Promise<FoodRow> {
      const [row] = await tx
        .update(foods)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(foods.id, id))
        .returning();
      return row!;
    },

    async archive(id: number, at: Date, tx: Db = db): Promise<void> {
      await tx.update(foods).set({ deletedAt: at }).where(eq(foods.id, id));
    },

    async find(organizationId: number | null, id: number): Promise<FoodRow | null> {
      const [row] = await db
        .select()
        .from(foods)
        .where(and(eq(foods.id, id), visible(organizationId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * A page of foods. Searched: every typed word is a part of a name or like a word of it, the best
     * matches first; then (and unsearched) the organization's own foods, those with Russian and Kazakh
     * names (a kitchen's), the shorter names.
     */
    async list(organizationId: number | null, q: { query?: string; limit: number; offset: number }) {
      const words = q.query ? typedWords(q.query) : [];
      const named = sql`(${foods.nameRu} is not null)`;
      const own = sql`(${foods.organizationId} is not null)`;
      return boundedRead(db, LIST_TIMEOUT_MS, async (tx) => {
        // Transaction-local: the `<%` operator reads it.
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(ALIKE)}, true)`);
        // The table is small enough for the planner to read it whole, and a word's similarity to each of
        // 8,789 names costs 60 ms; the trigram index finds the few in 1–3.
        if (words.some((w) => w.every((r) => r.length >= INDEXED_WORD)))
          await tx.execute(sql`set local enable_seqscan = off`);
        // Which readings a name holds as a part, each an index lookup.
        const readings = words.flat().filter((r) => r.length >= INDEXED_WORD);
        const held = new Set<string>();
        if (readings.length) {
          const result = await tx.execute(
            sql`select ${sql.join(
              readings.map(
                (r, i) =>
                  sql`exists (select from ${foods} where ${containing(r)} and ${visible(organizationId)}) as ${sql.raw(`h${i}`)}`,
              ),
              sql`, `,
            )}`,
          );
          const row = (result as unknown as { rows: Record<string, boolean>[] }).rows[0]!;
          readings.forEach((r, i) => row[`h${i}`] && held.add(r));
        }
        const matched = words.map((w) =>
          wordMatch(
            w,
            w.map((r) => held.has(r)),
          ),
        );
        const where = and(visible(organizationId), ...matched.map((w) => w.matches));
        const order = [
          ...(matched.length
            ? [
                desc(
                  sql.join(
                    matched.map((w) => w.score),
                    sql` + `,
                  ),
                ),
              ]
            : []),
          desc(own),
          desc(named),
          asc(sql`length(${foods.searchText})`),
          asc(foods.id),
        ];
        return pageIn(tx, {
          rows: (t) =>
            t
              .select()
              .from(foods)
              .where(where)
              .orderBy(...order),
          table: foods,
          where,
          limit: q.limit,
          offset: q.offset,
        });
      });
    },
    /** The shipped losses and the organization's own, by method and nutrient. */
    losses(organizationId: number, tx: Db = db) {
      return tx
        .select({
          method: cookingLosses.method,
          nutrient: cookingLosses.nutrient,
          lossPct: cookingLosses.lossPct,
          source: cookingLosses.source,
          own: sql<boolean>`${cookingLosses.organizationId} is not null`,
        })
        .from(cookingLosses)
        .where(or(isNull(cookingLosses.organizationId), eq(cookingLosses.organizationId, organizationId)))
        .orderBy(asc(cookingLosses.method), asc(cookingLosses.nutrient));
    },

    /** The organization's own loss of a method and nutrient, replaced; null: none (the shipped one serves). */
    async setLoss(
      organizationId: number,
      key: { method: string; nutrient: string },
      loss: { lossPct: string; source: string } | null,
      tx: Db,
    ) {
      if (!loss) {
        await tx
          .delete(cookingLosses)
          .where(
            and(
              eq(cookingLosses.organizationId, organizationId),
              sql`${cookingLosses.method} = ${key.method}`,
              eq(cookingLosses.nutrient, key.nutrient),
            ),
          );
        return;
      }
      // The key is an expression (shipped rows have no organization): an upsert drizzle cannot name.
      await tx.execute(sql`
        insert into ${cookingLosses} (organization_id, method, nutrient, loss_pct, source)
        values (${organizationId}, ${key.method}, ${key.nutrient}, ${loss.lossPct}::numeric, ${loss.source})
        on conflict (coalesce(organization_id, 0), method, nutrient)
        do update set loss_pct = excluded.loss_pct, source = excluded.source`);
    },
  };
}
