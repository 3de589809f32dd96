import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { schools } from '../../platform/db/schema.ts';
import { users } from '../../platform/db/schema-people.ts';
import { dishCategories, dishes, orderItems, orders } from '../../platform/db/schema-food.ts';
import { alphabetically, nameColumnForReader } from '../../platform/db/alphabet.ts';

export interface OrderFilter {
  organizationId: number;
  schoolId?: number;
  /** The period's bounds in the organization's zone: [from, to] as calendar days. */
  dateFrom: string;
  dateTo: string;
  timeZone: string;
  /** One cashier's orders only. */
  userId?: number;
}

/** Orders of the filter: the organization, a school, and the local calendar days of the period. */
const ofFilter = (f: OrderFilter): SQL =>
  and(
    eq(orders.organizationId, f.organizationId),
    f.schoolId !== undefined ? eq(orders.schoolId, f.schoolId) : undefined,
    f.userId !== undefined ? eq(orders.userId, f.userId) : undefined,
    sql`${orders.createdAt} >= (${f.dateFrom}::date)::timestamp at time zone ${f.timeZone}`,
    sql`${orders.createdAt} < (${f.dateTo}::date + 1)::timestamp at time zone ${f.timeZone}`,
  )!;

/** What the sales read: a period's orders page by page, a till's day, the totals, the dishes sold. */
export function createSalesRepository(db: Db) {
  return {
    /** A page of the period's order ids, newest first. */
    async pageIds(f: OrderFilter, limit: number, offset: number, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(ofFilter(f))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.id);
    },

    /** The filter's order ids, oldest first (a day of a till: at most `limit`). */
    async dayIds(f: OrderFilter, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(ofFilter(f))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Each cashier's orders of the filter: sold (voided out) and their sum, and voided, by name. */
    async byCashier(f: OrderFilter) {
      return db
        .select({
          id: orders.userId,
          name: users.name,
          orders: sql<number>`count(*) filter (where ${orders.voidedAt} is null)`.mapWith(Number),
          amount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.voidedAt} is null), 0)::numeric(16,2)::text`,
          voided: sql<number>`count(${orders.voidedAt})`.mapWith(Number),
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(ofFilter(f))
        .groupBy(orders.userId, users.name)
        .orderBy(alphabetically(users.name), asc(orders.userId));
    },

    /** The voided orders' sum of the filter. */
    async voidedAmount(f: OrderFilter) {
      const [row] = await db
        .select({
          amount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.voidedAt} is not null), 0)::numeric(16,2)::text`,
        })
        .from(orders)
        .where(ofFilter(f));
      return row!.amount;
    },

    /** A user of the organization, by id: a cashier whose day is asked for. */
    async user(organizationId: number, id: number) {
      const [row] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
        .limit(1);
      return row ?? null;
    },

    /** Each dish sold over the filter (voided orders out): portions, orders, sum; most sold first. */
    async dishSales(f: OrderFilter) {
      return db
        .select({
          id: orderItems.dishId,
          name: dishes.name,
          nameKk: dishes.nameKk,
          nameRuMissing: dishes.nameRuMissing,
          category: dishCategories.name,
          categoryKk: dishCategories.nameKk,
          categoryRuMissing: dishCategories.nameRuMissing,
          count: sql<number>`sum(${orderItems.count})`.mapWith(Number),
          orders: sql<number>`count(distinct ${orderItems.orderId})`.mapWith(Number),
          amount: sql<string>`sum(${orderItems.amount})::numeric(16,2)::text`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(dishes, eq(dishes.id, orderItems.dishId))
        .leftJoin(dishCategories, eq(dishCategories.id, dishes.categoryId))
        .where(and(ofFilter(f), isNull(orders.voidedAt)))
        .groupBy(orderItems.dishId, dishes.id, dishCategories.id)
        .orderBy(
          desc(sql`sum(${orderItems.count})`),
          alphabetically(nameColumnForReader(dishes.name, dishes.nameKk)),
          asc(orderItems.dishId),
        );
    },

    /** The period's totals: orders, their sum, dishes sold. */
    async totals(f: OrderFilter, tx: Db = db) {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          voided: sql<number>`count(${orders.voidedAt})`.mapWith(Number),
          amount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.voidedAt} is null), 0)::numeric(16,2)::text`,
          products: sql<number>`coalesce(sum(${orders.count}) filter (where ${orders.voidedAt} is null), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .where(ofFilter(f));
      return row!;
    },

    /** Every order of the period for the download, newest first, its dishes as one text. */
    async exportRows(f: OrderFilter, tx: Db = db) {
      const dishName = nameColumnForReader(sql`i.name`, sql`i.name_kk`);
      return tx
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          schoolName: nameColumnForReader(schools.name, schools.nameKk).mapWith(String),
          cashier: users.name,
          count: orders.count,
          amount: orders.amount,
          // Each line under the name it was sold with, in the reader's language.
          dishes: sql<string>`(select string_agg(${dishName} || ' × ' || i.count, '; ' order by ${alphabetically(dishName)}, i.dish_id)
            from order_items i where i.order_id = orders.id)`,
        })
        .from(orders)
        .leftJoin(schools, eq(schools.id, orders.schoolId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(ofFilter(f), isNull(orders.voidedAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },
  };
}
