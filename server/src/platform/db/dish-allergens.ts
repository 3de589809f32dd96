import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * A dish's allergens on a day (docs/rules.md "A dish's allergens"): those the cook marks on the dish and
 * those of the foods of its technological card valid that day, each once. `dish` names the outer query's
 * dish row (`d`, `dishes`); `date` is the day, an SQL date. Read wherever a dish is shown to a family,
 * a cashier or the queue, so a card that gains a food with milk says so the day it is valid.
 */
export const dishAllergensOn = (dish: string, date: SQL) => {
  const row = sql.raw(`"${dish}"`);
  return sql<string[]>`(select coalesce(array_agg(distinct x.a), '{}'::text[]) from (
    select unnest(${row}.allergens) as a
    union
    select unnest(f.allergens) from tech_card_lines l join foods f on f.id = l.food_id
    where l.card_id = (select c.id from tech_cards c
      where c.dish_id = ${row}.id and c.valid_from <= ${date} order by c.valid_from desc limit 1)
  ) x)`;
};

/** Each dish's allergens on its day, for dishes shown on several days at once: keyed `${dishId}:${date}`. */
export async function dishAllergensFor(
  db: Db,
  pairs: { dishId: number; date: string }[],
): Promise<Map<string, string[]>> {
  const unique = [...new Map(pairs.map((p) => [`${p.dishId}:${p.date}`, p])).values()];
  if (!unique.length) return new Map();
  const values = sql.join(
    unique.map((p) => sql`(${p.dishId}::int, ${p.date}::date)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select v.dish_id as "dishId", v.day::text as date, ${dishAllergensOn('d', sql`v.day`)} as allergens
    from (values ${values}) as v(dish_id, day) join dishes d on d.id = v.dish_id`);
  const rows = (result as unknown as { rows: { dishId: number; date: string; allergens: string[] }[] }).rows;
  return new Map(rows.map((r) => [`${r.dishId}:${r.date}`, r.allergens]));
}
