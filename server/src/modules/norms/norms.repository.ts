import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { schools } from '../../platform/db/schema.ts';
import { menuActivations } from '../../platform/db/schema-food.ts';
import {
  ageGroups,
  menuRuleSets,
  normSets,
  normSetShares,
  normSetValues,
  normSetVersions,
  schoolNormSets,
} from '../../platform/db/schema-nutrition.ts';
import { keepNormSetVersion } from '../../platform/db/norm-set-versions.ts';
import { users } from '../../platform/db/schema-people.ts';

export type NormSetRow = typeof normSets.$inferSelect;

/** What a saved set holds besides its names: shares by meal, values by group, meal (0: the day) and nutrient. */
export interface NormSetContent {
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  source: string;
  template: string | null;
  kazakh2025: boolean;
  tolerancePct: string;
  shares: { meal: number; sharePct: string }[];
  values: { ageGroupId: number; meal: number; nutrient: string; value: string }[];
}

/** An organization's norm sets and the set each of its schools chose. */
export function createNormsRepository(db: Db) {
  return {
    /** The organization's live age groups, youngest first. */
    ageGroups(organizationId: number, tx: Db = db) {
      return tx
        .select({ id: ageGroups.id, ageFrom: ageGroups.ageFrom, ageTo: ageGroups.ageTo })
        .from(ageGroups)
        .where(and(eq(ageGroups.organizationId, organizationId), isNull(ageGroups.deletedAt)))
        .orderBy(asc(ageGroups.ageFrom), asc(ageGroups.ageTo), asc(ageGroups.id));
    },

    /** The organization's live sets, the oldest first; or the one of `id`, locked for a change when `lock`. */
    async sets(organizationId: number, tx: Db = db, id?: number, lock = false) {
      const q = tx
        .select()
        .from(normSets)
        .where(
          and(
            eq(normSets.organizationId, organizationId),
            isNull(normSets.deletedAt),
            id === undefined ? undefined : eq(normSets.id, id),
          ),
        )
        .orderBy(asc(normSets.id));
      return lock ? q.for('update') : q;
    },

    /** The organization's age groups, the archived too (a kept version may hold one), youngest first. */
    ageGroupOrder(organizationId: number, tx: Db = db) {
      return tx
        .select({ id: ageGroups.id })
        .from(ageGroups)
        .where(eq(ageGroups.organizationId, organizationId))
        .orderBy(asc(ageGroups.ageFrom), asc(ageGroups.ageTo), asc(ageGroups.id));
    },

    /** Keeps the set's current version (after each save). */
    keepVersion: (id: number, tx: Db) => keepNormSetVersion(tx, id),

    /** The set's kept versions, newest first, with the name of who saved each. */
    versions(normSetId: number, tx: Db = db) {
      return tx
        .select({
          version: normSetVersions.version,
          savedAt: normSetVersions.savedAt,
          savedBy: users.name,
          content: normSetVersions.content,
        })
        .from(normSetVersions)
        .leftJoin(users, eq(users.id, normSetVersions.savedBy))
        .where(eq(normSetVersions.normSetId, normSetId))
        .orderBy(desc(normSetVersions.version));
    },

    /** The shares, values and schools of `ids`, and the names of those who made and changed them. */
    async contents(ids: number[], userIds: number[], tx: Db = db) {
      if (!ids.length) return { shares: [], values: [], schools: [], users: new Map<number, string>() };
      const [shares, values, chosen, named] = await Promise.all([
        tx.select().from(normSetShares).where(inArray(normSetShares.normSetId, ids)).orderBy(asc(normSetShares.meal)),
        tx
          .select({
            normSetId: normSetValues.normSetId,
            ageGroupId: normSetValues.ageGroupId,
            meal: normSetValues.meal,
            nutrient: normSetValues.nutrient,
            value: normSetValues.value,
          })
          .from(normSetValues)
          .innerJoin(ageGroups, eq(ageGroups.id, normSetValues.ageGroupId))
          .where(and(inArray(normSetValues.normSetId, ids), isNull(ageGroups.deletedAt)))
          .orderBy(asc(ageGroups.ageFrom), asc(ageGroups.ageTo), asc(ageGroups.id), asc(normSetValues.meal)),
        tx
          .select({
            normSetId: schoolNormSets.normSetId,
            id: schools.id,
            name: schools.name,
            nameKk: schools.nameKk,
            nameRuMissing: schools.nameRuMissing,
          })
          .from(schoolNormSets)
          .innerJoin(schools, eq(schools.id, schoolNormSets.schoolId))
          .where(inArray(schoolNormSets.normSetId, ids))
          .orderBy(asc(schools.name), asc(schools.id)),
        userIds.length
          ? tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
          : [],
      ]);
      return { shares, values, schools: chosen, users: new Map(named.map((u) => [u.id, u.name])) };
    },

    /** The organization's schools, each with its chosen set. */
    schools(organizationId: number, tx: Db = db) {
      return tx
        .select({
          id: schools.id,
          name: schools.name,
          nameKk: schools.nameKk,
          nameRuMissing: schools.nameRuMissing,
          normSetId: schoolNormSets.normSetId,
        })
        .from(schools)
        .leftJoin(schoolNormSets, eq(schoolNormSets.schoolId, schools.id))
        .where(eq(schools.organizationId, organizationId))
        .orderBy(asc(schools.name), asc(schools.id));
    },

    async school(organizationId: number, id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: schools.id })
        .from(schools)
        .where(and(eq(schools.id, id), eq(schools.organizationId, organizationId)))
        .for('update');
      return row ?? null;
    },

    async chooseForSchool(schoolId: number, normSetId: number | null, tx: Db) {
      if (normSetId === null) {
        await tx.delete(schoolNormSets).where(eq(schoolNormSets.schoolId, schoolId));
        return;
      }
      await tx
        .insert(schoolNormSets)
        .values({ schoolId, normSetId })
        .onConflictDoUpdate({ target: schoolNormSets.schoolId, set: { normSetId } });
    },

    async create(organizationId: number, content: NormSetContent, userId: number, tx: Db) {
      const { shares, values, ...fields } = content;
      const [row] = await tx
        .insert(normSets)
        .values({ ...fields, organizationId, createdBy: userId, updatedBy: userId })
        .returning();
      await this.writeContent(row!.id, shares, values, tx);
      return row!;
    },

    /** The set's new content, as its next version. */
    async update(id: number, content: NormSetContent, userId: number, now: Date, tx: Db) {
      const { shares, values, ...fields } = content;
      const [row] = await tx
        .update(normSets)
        .set({ ...fields, version: sql`${normSets.version} + 1`, updatedAt: now, updatedBy: userId })
        .where(eq(normSets.id, id))
        .returning();
      await tx.delete(normSetShares).where(eq(normSetShares.normSetId, id));
      await tx.delete(normSetValues).where(eq(normSetValues.normSetId, id));
      await this.writeContent(id, shares, values, tx);
      return row!;
    },

    async writeContent(id: number, shares: NormSetContent['shares'], values: NormSetContent['values'], tx: Db) {
      if (shares.length) await tx.insert(normSetShares).values(shares.map((s) => ({ ...s, normSetId: id })));
      if (values.length) await tx.insert(normSetValues).values(values.map((v) => ({ ...v, normSetId: id })));
    },

    /** The names of the schools that chose the set. */
    async schoolsOf(id: number, tx: Db) {
      return tx
        .select({ name: schools.name })
        .from(schoolNormSets)
        .innerJoin(schools, eq(schools.id, schoolNormSets.schoolId))
        .where(eq(schoolNormSets.normSetId, id))
        .orderBy(asc(schools.name));
    },

    /**
     * The set a menu is analysed against when none is asked: the one chosen by the school that applied
     * the menu last, else by any of the organization's schools, else the organization's first set.
     */
    async setForMenu(organizationId: number, menuId: number, tx: Db = db): Promise<number | null> {
      const [applied] = await tx
        .select({ id: schoolNormSets.normSetId })
        .from(menuActivations)
        .innerJoin(schoolNormSets, eq(schoolNormSets.schoolId, menuActivations.schoolId))
        .where(
          and(
            eq(menuActivations.menuId, menuId),
            eq(menuActivations.organizationId, organizationId),
            isNull(menuActivations.deletedAt),
          ),
        )
        .orderBy(desc(menuActivations.date), desc(menuActivations.id))
        .limit(1);
      if (applied) return applied.id;
      const [chosen] = await tx
        .select({ id: schoolNormSets.normSetId })
        .from(schoolNormSets)
        .innerJoin(schools, eq(schools.id, schoolNormSets.schoolId))
        .where(eq(schools.organizationId, organizationId))
        .orderBy(asc(schools.id))
        .limit(1);
      if (chosen) return chosen.id;
      const [first] = await this.sets(organizationId, tx);
      return first?.id ?? null;
    },

    /** A set's figures and shares as the analysis reads them. */
    async table(id: number, tx: Db = db) {
      const [shares, values] = await Promise.all([
        tx.select().from(normSetShares).where(eq(normSetShares.normSetId, id)),
        tx.select().from(normSetValues).where(eq(normSetValues.normSetId, id)),
      ]);
      return { shares, values };
    },

    /** The organization's menu rules as saved, with who saved them; null: it never changed the shipped ones. */
    async menuRules(organizationId: number, tx: Db = db) {
      const [row] = await tx
        .select({ rules: menuRuleSets.rules, updatedAt: menuRuleSets.updatedAt, updatedBy: users.name })
        .from(menuRuleSets)
        .leftJoin(users, eq(users.id, menuRuleSets.updatedBy))
        .where(eq(menuRuleSets.organizationId, organizationId));
      return row ?? null;
    },

    async saveMenuRules(organizationId: number, rules: unknown, userId: number, now: Date, tx: Db) {
      await tx
        .insert(menuRuleSets)
        .values({ organizationId, rules, updatedAt: now, updatedBy: userId })
        .onConflictDoUpdate({ target: menuRuleSets.organizationId, set: { rules, updatedAt: now, updatedBy: userId } });
    },

    async archive(id: number, now: Date, tx: Db) {
      await tx.update(normSets).set({ deletedAt: now }).where(eq(normSets.id, id));
    },
  };
}
