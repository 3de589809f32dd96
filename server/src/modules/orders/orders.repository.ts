import { dishAllergensOn } from '../../platform/db/dish-allergens.ts';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { FAVORITES_MAX } from '@tamaq/contract/orders';
import { executePrepared, type Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { auditLog, images, organizations, schools } from '../../platform/db/schema.ts';
import { users } from '../../platform/db/schema-people.ts';
import { dishCategories, dishes, menuDishes, orderItems, orders } from '../../platform/db/schema-food.ts';
import { organizationScope, schoolInScope } from '../../platform/db/places.ts';
import { createSalesRepository } from './sales.repository.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

export type { OrderFilter } from './sales.repository.ts';

const dishColumns = {
  id: dishes.id,
  categoryId: dishes.categoryId,
  categoryName: dishCategories.name,
  categoryNameKk: dishCategories.nameKk,
  categoryNameRuMissing: dishCategories.nameRuMissing,
  name: dishes.name,
  nameKk: dishes.nameKk,
  nameRuMissing: dishes.nameRuMissing,
  cost: dishes.cost,
  output: dishes.output,
  imageId: images.id,
  imageKey: images.key,
};
export interface PlacedOrder {
  id: number;
  createdAt: Date;
  count: number;
  amount: string;
  cashReceived: string | null;
  cashier: string | null;
  schoolName: string | null;
  schoolNameKk: string | null;
  schoolNameRuMissing: boolean | null;
  lines: {
    id: number;
    name: string;
    nameKk: string | null;
    nameRuMissing: boolean;
    count: number;
    cost: string;
    amount: string;
  }[];
}

export function createOrdersRepository(db: Db) {
  /** Live dishes with their allergens on `date` (the cook's and the card's, docs/rules.md). */
  const liveDishes = (tx: Db, date: string) =>
    tx
      .select({ ...dishColumns, allergens: dishAllergensOn('dishes', sql`${date}::date`) })
      .from(dishes)
      .innerJoin(dishCategories, eq(dishCategories.id, dishes.categoryId))
      .leftJoin(images, eq(images.id, dishes.imageId));

  return {
    ...createSalesRepository(db),

    /** The school in the organization (and the school a locked user is kept to), with the zone. */
    school: (organizationId: number, lockedTo: number | null, id: number, tx: Db = db) =>
      schoolInScope(tx, organizationScope(organizationId, lockedTo), id),

    timeZone: (organizationId: number) => organizationTimeZone(db, organizationId),

    /** The school's most sold live dishes since `since`, most sold first. */
    favorites(schoolId: number, since: Date, date: string) {
      const sold = db
        .select({ dishId: orderItems.dishId, sold: sql<number>`sum(${orderItems.count})`.as('sold') })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.schoolId, schoolId), gte(orders.createdAt, since), isNull(orders.voidedAt)))
        .groupBy(orderItems.dishId)
        .as('sold');
      return liveDishes(db, date)
        .innerJoin(sold, eq(sold.dishId, dishes.id))
        .where(isNull(dishes.deletedAt))
        .orderBy(desc(sold.sold), alphabetically(dishes.name), asc(dishes.id))
        .limit(FAVORITES_MAX);
    },

    /** The live dishes of one day of a menu, in any meal mode, by category and name. */
    menuDay(menuId: number, day: number, date: string) {
      return liveDishes(db, date)
        .where(
          and(
            isNull(dishes.deletedAt),
            inArray(
              dishes.id,
              db
                .select({ id: menuDishes.dishId })
                .from(menuDishes)
                .where(and(eq(menuDishes.menuId, menuId), eq(menuDishes.day, day))),
            ),
          ),
        )
        .orderBy(
          alphabetically(dishCategories.name),
          asc(dishCategories.id),
          alphabetically(dishes.name),
          asc(dishes.id),
        );
    },

    /** Every live dish of the organization, by category and name (no paid menu today). */
    allDishes(organizationId: number, date: string) {
      return liveDishes(db, date)
        .where(and(eq(dishes.organizationId, organizationId), isNull(dishes.deletedAt)))
        .orderBy(
          alphabetically(dishCategories.name),
          asc(dishCategories.id),
          alphabetically(dishes.name),
          asc(dishes.id),
        );
    },

    /**
     * Places the order in one statement, so nothing else can come between its parts: the lines priced
     * from the dishes' own prices (`cost × count`, exact numeric), the order with their sum, its
     * Idempotency-Key, and the audit row. Answers the order with its lines, or null when nothing was
     * written: a dish that is not a live one of the organization, a school outside it, or a key
     * already used (the order placed under it is then `byKey`'s).
     */
    async place(order: {
      organizationId: number;
      schoolId: number | null;
      userId: number;
      key: string | null;
      at: Date;
      /** `cost`: the price the cashier saw, or null to take the dish's. */
      lines: { id: number; count: number; cost: string | null }[];
      /** The cash handed over, or null; the order is written only when it covers the sum. */
      cashReceived: string | null;
    }): Promise<PlacedOrder | null> {
      const after = JSON.stringify({ school_id: order.schoolId, products: order.lines });
      const [row] = await executePrepared<Omit<PlacedOrder, 'createdAt'> & { createdAt: Date | string }>(
        db,
        'order_place',
        sql`
        with l as (
          select * from json_to_recordset(${JSON.stringify(order.lines)}::json) as l(id int, count int, cost numeric)
        ), d as (
          select d.id, d.name, d.name_kk, d.name_ru_missing, d.cost, l.count, l.cost as seen from l
          join dishes d on d.id = l.id and d.organization_id = ${order.organizationId}::int and d.deleted_at is null
        ), o as (
          insert into orders (organization_id, school_id, user_id, payment_type, count, amount, created_at, request_key,
                              cash_received)
          select ${order.organizationId}::int, ${order.schoolId}::int, ${order.userId}::int, 'cash',
                 sum(d.count), sum(d.cost * d.count), ${order.at.toISOString()}::timestamptz, ${order.key}::text,
                 ${order.cashReceived}::numeric
          from d having count(*) = ${order.lines.length}::int
            -- Read in the same snapshot as the insert: a price changed a moment ago is seen here.
            and bool_and(d.seen is null or d.seen = d.cost)
            and (${order.cashReceived}::numeric is null or ${order.cashReceived}::numeric >= sum(d.cost * d.count))
            and (${order.schoolId}::int is null or exists (
              select 1 from schools s where s.id = ${order.schoolId}::int and s.organization_id = ${order.organizationId}::int))
          on conflict (user_id, request_key) where request_key is not null do nothing
          returning id, created_at, count, amount, cash_received
        ), i as (
          insert into order_items (order_id, dish_id, name, name_kk, name_ru_missing, cost, count, amount)
          select o.id, d.id, d.name, d.name_kk, d.name_ru_missing, d.cost, d.count, d.cost * d.count from o, d
          returning dish_id, name, name_kk, name_ru_missing, cost, count, amount
        ), a as (
          insert into audit_log (actor_id, organization_id, action, entity, entity_id, after)
          select ${order.userId}::int, ${order.organizationId}::int, 'order_create', 'order', o.id::text, ${after}::jsonb
          from o
        )
        select o.id, o.created_at as "createdAt", o.count, o.amount::text as amount,
               o.cash_received::text as "cashReceived",
               (select name from users where id = ${order.userId}::int) as cashier,
               (select name from schools where id = ${order.schoolId}::int) as "schoolName",
               (select name_kk from schools where id = ${order.schoolId}::int) as "schoolNameKk",
               (select name_ru_missing from schools where id = ${order.schoolId}::int) as "schoolNameRuMissing",
               (select json_agg(json_build_object('id', i.dish_id, 'name', i.name, 'nameKk', i.name_kk,
                                                  'nameRuMissing', i.name_ru_missing, 'count', i.count,
                                                  'cost', i.cost::text, 'amount', i.amount::text)
                                order by ${alphabetically(sql`i.name`)}, i.dish_id) from i) as lines
        from o`,
      );
      return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
    },

    /** The live dishes of the organization among these, with their prices now. */
    async prices(organizationId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: dishes.id,
          name: dishes.name,
          nameKk: dishes.nameKk,
          nameRuMissing: dishes.nameRuMissing,
          cost: dishes.cost,
        })
        .from(dishes)
        .where(and(eq(dishes.organizationId, organizationId), isNull(dishes.deletedAt), inArray(dishes.id, ids)))
        .orderBy(alphabetically(dishes.name), asc(dishes.id));
      return rows;
    },

    /** The names of the organization's dishes among these, deleted ones too (the order of `ids`). */
    async dishNames(organizationId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: dishes.id, name: dishes.name })
        .from(dishes)
        .where(and(eq(dishes.organizationId, organizationId), inArray(dishes.id, ids)));
      return ids.flatMap((id) => rows.filter((r) => r.id === id).map((r) => r.name));
    },

    /** The order the user placed under this Idempotency-Key, if any. */
    async byKey(userId: number, key: string): Promise<number | null> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.requestKey, key)))
        .limit(1);
      return row?.id ?? null;
    },

    /** Orders by id, newest first, with their school and cashier. */
    async byIds(ids: number[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          schoolId: orders.schoolId,
          schoolName: schools.name,
          schoolNameKk: schools.nameKk,
          schoolNameRuMissing: schools.nameRuMissing,
          cashier: users.name,
          count: orders.count,
          amount: orders.amount,
          cashReceived: orders.cashReceived,
          voidedAt: orders.voidedAt,
          voidReason: orders.voidReason,
          voidedBy: sql<string | null>`(select v.name from users v where v.id = ${orders.voidedBy})`,
        })
        .from(orders)
        .leftJoin(schools, eq(schools.id, orders.schoolId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, ids))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /** The lines of the orders, by name. */
    async linesOf(ids: number[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          orderId: orderItems.orderId,
          id: orderItems.dishId,
          name: orderItems.name,
          nameKk: orderItems.nameKk,
          nameRuMissing: orderItems.nameRuMissing,
          cost: orderItems.cost,
          count: orderItems.count,
          amount: orderItems.amount,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(alphabetically(orderItems.name), asc(orderItems.dishId));
    },

    /** An order of the organization (and of the school a locked user is kept to), with its zone. */
    async find(organizationId: number, lockedTo: number | null, id: number) {
      const [row] = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          schoolId: orders.schoolId,
          createdAt: orders.createdAt,
          voidedAt: orders.voidedAt,
          timeZone: organizations.timeZone,
        })
        .from(orders)
        .innerJoin(organizations, eq(organizations.id, orders.organizationId))
        .where(
          and(
            eq(orders.id, id),
            eq(orders.organizationId, organizationId),
            lockedTo !== null ? eq(orders.schoolId, lockedTo) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Voids the order unless it is voided already, with its audit row; false when it was. */
    async voidOrder(v: { id: number; organizationId: number; userId: number; reason: string; at: Date }) {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(orders)
          .set({ voidedAt: v.at, voidedBy: v.userId, voidReason: v.reason })
          .where(and(eq(orders.id, v.id), isNull(orders.voidedAt)))
          .returning({ id: orders.id });
        if (done.length === 0) return false;
        await tx.insert(auditLog).values({
          actorId: v.userId,
          organizationId: v.organizationId,
          action: 'order_void',
          entity: 'order',
          entityId: String(v.id),
          after: { reason: v.reason },
        });
        return true;
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
/** A dish as the cashbox lists it, with its category and picture. */
export type CashboxDishRow = Awaited<ReturnType<OrdersRepository['allDishes']>>[number];
