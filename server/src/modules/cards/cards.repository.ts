import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../platform/db/catalogue.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { cards, users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

/** A card with its holder; a removed user holds nothing. */
const cardColumns = {
  id: cards.id,
  number: cards.number,
  endlessUse: cards.endlessUse,
  organizationId: cards.organizationId,
  createdAt: cards.createdAt,
  holderId: users.id,
  holderName: users.name,
};
const liveHolder = and(eq(users.id, cards.userId), isNull(users.deletedAt));
/** Cards with their live holder. */
const select = (tx: Db) => tx.select(cardColumns).from(cards).leftJoin(users, liveHolder);
export type CardRow = Awaited<ReturnType<typeof select>>[number];

/**
 * Whom the caller reaches: their tenant scope, and with `pupilsOnly` (a social teacher) only users
 * with a class. A card held by a live user out of reach (another school for a school-locked
 * caller, staff for a social teacher) is invisible; a card nobody holds stays visible.
 */
export interface Reach {
  scope: Scope;
  pupilsOnly: boolean;
}

/** Condition on the joined live holder (`users`): none, or one the caller reaches. */
const reachableHolder = ({ scope, pupilsOnly }: Reach): SQL | undefined => {
  if (scope.all || (scope.schoolId === null && !pupilsOnly)) return undefined;
  return or(
    isNull(users.id),
    and(
      scope.schoolId !== null ? eq(users.schoolId, scope.schoolId) : undefined,
      pupilsOnly ? isNotNull(users.classroomId) : undefined,
    ),
  );
};

export interface CardFilter {
  /** null: every organization (the super admin without a choice). */
  organizationId: number | null;
  reach: Reach;
  query?: string | undefined;
  /** The query as a card number (no spaces, upper case), matched against the number. */
  numberQuery?: string | undefined;
}

export function createCardsRepository(db: Db) {
  return {
    async list(filter: CardFilter, limit: number, offset: number) {
      const conditions: (SQL | undefined)[] = [
        filter.organizationId === null ? undefined : eq(cards.organizationId, filter.organizationId),
        reachableHolder(filter.reach),
      ];
      if (filter.query) {
        conditions.push(
          or(
            ilike(cards.number, `%${escapeLike(filter.numberQuery || filter.query)}%`),
            ilike(users.name, `%${escapeLike(filter.query)}%`),
          ),
        );
      }
      const where = and(...conditions);
      return boundedRead(db, LIST_TIMEOUT_MS, async (tx) => {
        const rows = await select(tx)
          .where(where)
          .orderBy(asc(cards.number), asc(cards.id))
          .limit(limit)
          .offset(offset);
        const [total] = await tx.select({ n: count() }).from(cards).leftJoin(users, liveHolder).where(where);
        return { total: total?.n ?? 0, rows };
      });
    },

    /** Cards of the organization whose number starts with `prefix` (already normalised). */
    async startingWith(organizationId: number, prefix: string, max: number, reach: Reach): Promise<CardRow[]> {
      const rows = await select(db)
        .where(
          and(
            eq(cards.organizationId, organizationId),
            like(cards.number, `${escapeLike(prefix)}%`),
            reachableHolder(reach),
          ),
        )
        .orderBy(asc(cards.number), asc(cards.id))
        .limit(max);
      return rows;
    },

    async findInScope(id: number, reach: Reach, tx: Db = db): Promise<CardRow | null> {
      const [row] = await select(tx)
        .where(and(eq(cards.id, id), tenantFilter(cards, reach.scope), reachableHolder(reach)))
        .limit(1);
      return row ?? null;
    },

    async findByNumber(number: string, tx: Db = db): Promise<CardRow | null> {
      const [row] = await select(tx).where(eq(cards.number, number)).limit(1);
      return row ?? null;
    },

    async organizationExists(id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
      return Boolean(row);
    },

    async insert(organizationId: number, number: string, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(cards).values({ organizationId, number }).returning({ id: cards.id });
      return row!.id;
    },

    /** A live user the caller reaches (their organization, school when locked, a pupil for a social teacher). */
    async findUserInScope(id: number, { scope, pupilsOnly }: Reach, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, organizationId: users.organizationId })
        .from(users)
        .where(
          and(
            eq(users.id, id),
            isNull(users.deletedAt),
            tenantFilter(users, scope),
            pupilsOnly ? isNotNull(users.classroomId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async cardsOf(userId: number) {
      return db
        .select({ id: cards.id, number: cards.number, endlessUse: cards.endlessUse })
        .from(cards)
        .where(eq(cards.userId, userId))
        .orderBy(asc(cards.linkedAt), asc(cards.id));
    },

    /**
     * Gives the card to the user unless somebody else (alive) holds it: one statement, so two
     * admins linking the same card at once cannot both win. False when it was held.
     */
    async link(cardId: number, userId: number, at: Date, tx: Db = db): Promise<boolean> {
      const removed = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, cards.userId), isNotNull(users.deletedAt)));
      const rows = await tx
        .update(cards)
        .set({
          userId,
          linkedAt: sql`case when ${cards.userId} = ${userId} then ${cards.linkedAt} else ${at.toISOString()}::timestamptz end`,
        })
        .where(
          and(eq(cards.id, cardId), or(isNull(cards.userId), eq(cards.userId, userId), inArray(cards.userId, removed))),
        )
        .returning({ id: cards.id });
      return rows.length > 0;
    },

    async unlink(cardId: number, userId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(cards)
        .set({ userId: null, linkedAt: null })
        .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
        .returning({ id: cards.id });
      return rows.length > 0;
    },

    async setEndlessUse(cardId: number, endless: boolean, tx: Db = db): Promise<void> {
      await tx.update(cards).set({ endlessUse: endless }).where(eq(cards.id, cardId));
    },
  };
}
