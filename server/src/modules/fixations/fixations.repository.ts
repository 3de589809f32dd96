import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { imageUrl } from '@tamaq/contract/images';
import type { Fixation } from '@tamaq/contract/fixations';
import type { Db } from '../../platform/db/client.ts';
import { images, organizations, schools, users } from '../../platform/db/schema.ts';
import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  foodCategories,
  idempotencyKeys,
  visits,
  watches,
} from '../../platform/db/schema-people.ts';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';

/** What a scan needs to know about the card, read in one query. */
export interface ScannedCard {
  cardId: number;
  organizationId: number;
  endlessUse: boolean;
  userId: number | null;
  schoolId: number | null;
  classroomId: number | null;
  foodCategoryId: number | null;
  foodCategoryCost: string | null;
  watchDays: number[] | null;
  timeZone: string;
}

export interface NewVisit {
  organizationId: number;
  schoolId: number | null;
  canteenId: number | null;
  userId: number;
  cardId: number;
  fixationCategoryId: number | null;
  classroomId: number | null;
  foodCategoryId: number | null;
  cost: string | null;
  count: number;
  oneTime: boolean;
  visitDate: string;
  createdAt: Date;
  createdBy: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createFixationsRepository(db: Db) {
  const rowSelect = {
    id: visits.id,
    createdAt: visits.createdAt,
    schoolId: visits.schoolId,
    canteenId: visits.canteenId,
    count: visits.count,
    userId: users.id,
    userName: users.name,
    jobTitle: users.jobTitle,
    imageKey: images.key,
    classroomId: classrooms.id,
    classroomName: classrooms.name,
    fixationCategoryId: fixationCategories.id,
    fixationCategoryName: fixationCategories.name,
    foodCategoryId: foodCategories.id,
    foodCategoryName: foodCategories.name,
  };
  type RawRow = {
    id: number;
    createdAt: Date;
    schoolId: number | null;
    canteenId: number | null;
    count: number;
    userId: number;
    userName: string;
    jobTitle: string | null;
    imageKey: string | null;
    classroomId: number | null;
    classroomName: string | null;
    fixationCategoryId: number | null;
    fixationCategoryName: string | null;
    foodCategoryId: number | null;
    foodCategoryName: string | null;
  };
  const toFixation = (r: RawRow): Fixation => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    user: {
      id: r.userId,
      name: r.userName,
      job_title: r.jobTitle,
      image: r.imageKey ? { url: imageUrl(r.imageKey) } : null,
    },
    classroom: r.classroomId !== null ? { id: r.classroomId, name: r.classroomName ?? '' } : null,
    // A school visit shows the pupil's food category, a canteen visit its meal time.
    category:
      r.fixationCategoryId !== null
        ? { id: r.fixationCategoryId, name: r.fixationCategoryName ?? '' }
        : r.foodCategoryId !== null
          ? { id: r.foodCategoryId, name: r.foodCategoryName ?? '' }
          : null,
    school_id: r.schoolId,
    canteen_id: r.canteenId,
    count: r.count,
  });
  const joined = (tx: Db) =>
    tx
      .select(rowSelect)
      .from(visits)
      .innerJoin(users, eq(users.id, visits.userId))
      .leftJoin(images, eq(images.id, users.imageId))
      .leftJoin(classrooms, eq(classrooms.id, visits.classroomId))
      .leftJoin(fixationCategories, eq(fixationCategories.id, visits.fixationCategoryId))
      .leftJoin(foodCategories, eq(foodCategories.id, visits.foodCategoryId));

  return {
    /** The card, its live holder and what the rules need, plus the visit of an earlier try with this key. */
    async scannedCard(number: string, tx: Db = db): Promise<ScannedCard | null> {
      const [row] = await tx
        .select({
          cardId: cards.id,
          organizationId: cards.organizationId,
          endlessUse: cards.endlessUse,
          userId: users.id,
          schoolId: users.schoolId,
          classroomId: users.classroomId,
          foodCategoryId: foodCategories.id,
          foodCategoryCost: foodCategories.cost,
          watchDays: watches.days,
          timeZone: organizations.timeZone,
        })
        .from(cards)
        .innerJoin(organizations, eq(organizations.id, cards.organizationId))
        .leftJoin(users, and(eq(users.id, cards.userId), isNull(users.deletedAt)))
        .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
        .leftJoin(watches, eq(watches.id, users.watchId))
        .where(eq(cards.number, number))
        .limit(1);
      return row ?? null;
    },

    async idempotentVisit(userId: number, key: string, tx: Db = db): Promise<number | null> {
      const [row] = await tx
        .select({ visitId: idempotencyKeys.visitId })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .limit(1);
      return row?.visitId ?? null;
    },

    async canteen(id: number, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ id: canteens.id, organizationId: canteens.organizationId, timeZone: organizations.timeZone })
        .from(canteens)
        .innerJoin(organizations, eq(organizations.id, canteens.organizationId))
        .where(and(eq(canteens.id, id), isNull(canteens.deletedAt), tenantFilter(canteens, scope)))
        .limit(1);
      return row ?? null;
    },

    async school(id: number, scope: Scope, tx: Db = db) {
      const scoped = scope.all
        ? undefined
        : and(
            eq(schools.organizationId, scope.organizationId ?? -1),
            scope.schoolId !== null ? eq(schools.id, scope.schoolId) : undefined,
          );
      const [row] = await tx
        .select({ id: schools.id, organizationId: schools.organizationId, timeZone: organizations.timeZone })
        .from(schools)
        .innerJoin(organizations, eq(organizations.id, schools.organizationId))
        .where(and(eq(schools.id, id), scoped))
        .limit(1);
      return row ?? null;
    },

    /** The live category whose window holds `time` (windows of one organization do not overlap). */
    async categoryAt(organizationId: number, time: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: fixationCategories.id })
        .from(fixationCategories)
        .where(
          and(
            eq(fixationCategories.organizationId, organizationId),
            isNull(fixationCategories.deletedAt),
            sql`${fixationCategories.timeStart} <= ${time}::time and ${time}::time < ${fixationCategories.timeFinish}`,
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    async hasCategories(organizationId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: fixationCategories.id })
        .from(fixationCategories)
        .where(and(eq(fixationCategories.organizationId, organizationId), isNull(fixationCategories.deletedAt)))
        .limit(1);
      return !!row;
    },

    async categoryOf(organizationId: number, id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: fixationCategories.id })
        .from(fixationCategories)
        .where(
          and(
            eq(fixationCategories.id, id),
            eq(fixationCategories.organizationId, organizationId),
            isNull(fixationCategories.deletedAt),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Records the visit and, with a key, remembers it, in ONE statement: a crash keeps both or
     * neither. Answers null when the one-time slot is taken (the unique index decides, not a read).
     * A concurrent retry with the same key fails on the key's primary key and records nothing.
     */
    async insert(v: NewVisit, key: string | null, tx: Db = db): Promise<{ id: number } | null> {
      const values = sql`(${v.organizationId}, ${v.schoolId}, ${v.canteenId}, ${v.userId}, ${v.cardId},
        ${v.fixationCategoryId}, ${v.classroomId}, ${v.foodCategoryId}, ${v.cost}::numeric, ${v.count}, ${v.oneTime},
        ${v.visitDate}::date, ${v.createdAt.toISOString()}::timestamptz, ${v.createdBy})`;
      const insertVisit = sql`insert into visits (organization_id, school_id, canteen_id, user_id, card_id,
        fixation_category_id, classroom_id, food_category_id, cost, count, one_time, visit_date, created_at, created_by)
        values ${values}
        on conflict (user_id, visit_date, coalesce(fixation_category_id, 0)) where one_time do nothing
        returning id`;
      const statement = key
        ? sql`with v as (${insertVisit}),
            k as (insert into idempotency_keys (user_id, key, visit_id) select ${v.createdBy}, ${key}, id from v)
            select id from v`
        : insertVisit;
      // Both drivers answer `{rows}`; the id comes back as a string from `pg` (bigint), a number from PGlite.
      const result = (await tx.execute(statement)) as unknown as { rows: { id: number | string }[] };
      const row = result.rows[0];
      return row ? { id: Number(row.id) } : null;
    },

    /** When the one-time slot was first used that day (for the refusal's message). */
    async firstVisitAt(userId: number, visitDate: string, fixationCategoryId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ createdAt: visits.createdAt })
        .from(visits)
        .where(
          and(
            eq(visits.userId, userId),
            eq(visits.visitDate, visitDate),
            eq(visits.oneTime, true),
            sql`coalesce(${visits.fixationCategoryId}, 0) = ${fixationCategoryId ?? 0}`,
          ),
        )
        .limit(1);
      return row?.createdAt ?? null;
    },

    async row(id: number, tx: Db = db): Promise<Fixation | null> {
      const [row] = await joined(tx).where(eq(visits.id, id)).limit(1);
      return row ? toFixation(row as RawRow) : null;
    },

    async list(
      where: { schoolId?: number; canteenId?: number; fixationCategoryId?: number; query?: string },
      scope: Scope,
      paging: { limit: number; offset: number },
      tx: Db = db,
    ) {
      const conditions: (SQL | undefined)[] = [tenantFilter(visits, scope)];
      if (where.schoolId) conditions.push(eq(visits.schoolId, where.schoolId));
      if (where.canteenId) conditions.push(eq(visits.canteenId, where.canteenId));
      if (where.fixationCategoryId) conditions.push(eq(visits.fixationCategoryId, where.fixationCategoryId));
      if (where.query) conditions.push(sql`${users.name} ilike ${`%${escapeLike(where.query)}%`}`);
      const filter = and(...conditions);
      const [rows, [total]] = await Promise.all([
        joined(tx)
          .where(filter)
          .orderBy(desc(visits.createdAt), desc(visits.id))
          .limit(paging.limit)
          .offset(paging.offset),
        tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(visits)
          .innerJoin(users, eq(users.id, visits.userId))
          .where(filter),
      ]);
      return { total: total?.n ?? 0, rows: (rows as RawRow[]).map(toFixation) };
    },

    async find(id: number, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(visits)
        .where(and(eq(visits.id, id), tenantFilter(visits, scope)))
        .limit(1);
      return row ?? null;
    },

    async remove(id: number, tx: Db = db) {
      await tx.delete(visits).where(eq(visits.id, id));
    },
  };
}

export type FixationsRepository = ReturnType<typeof createFixationsRepository>;
