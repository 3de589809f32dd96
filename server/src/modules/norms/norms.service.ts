import type { Ok } from '@tamaq/contract/common';
import { MENU_RULE_DEFAULTS, MenuRules, type MenuRulesAnswer } from '@tamaq/contract/menu-rules';
import { namesOf, namesToStore, type StoredNames } from '@tamaq/contract/names';
import {
  NORM_MESSAGES as M,
  NORM_NUTRIENTS,
  NORM_TEMPLATES,
  templateValues,
  type NormNutrient,
  type NormTable,
  type NormSet,
  type NormSetCreate,
  type NormSets,
  type NormSetUpdate,
  type NormSetVersions,
  type NormTemplates,
} from '@tamaq/contract/norms';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { NormSetVersionContent } from '../../platform/db/norm-set-versions.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createNormsRepository, type NormSetContent, type NormSetRow } from './norms.repository.ts';

const emptyValues = () =>
  Object.fromEntries(NORM_NUTRIENTS.map((n) => [n, null])) as Record<NormNutrient, string | null>;

/** A set's values as its answer's rows: by age group in the order given, the day's row before the meals'. */
function rowsOf(values: { ageGroupId: number; meal: number; nutrient: string; value: string }[]): NormSet['rows'] {
  const byRow = new Map<string, NormSet['rows'][number]>();
  for (const v of values) {
    const key = `${v.ageGroupId}:${v.meal}`;
    let item = byRow.get(key);
    if (!item) byRow.set(key, (item = { age_group_id: v.ageGroupId, meal: v.meal || null, values: emptyValues() }));
    if ((NORM_NUTRIENTS as readonly string[]).includes(v.nutrient)) item.values[v.nutrient as NormNutrient] = v.value;
  }
  return [...byRow.values()];
}

/** A set as an analysis names it. */
export type NormSetRef = Pick<
  NormSet,
  'id' | 'name' | 'name_ru' | 'name_kk' | 'source' | 'kazakh_2025' | 'tolerance_pct' | 'version' | 'updated_at'
>;

/**
 * The set a menu is analysed against, and its table: the one asked (another organization's or archived:
 * 404), else the one of the school that applied the menu last, any school's, the organization's first; or
 * none.
 */
export async function normForMenu(
  db: Db,
  organizationId: number,
  menuId: number,
  asked: number | undefined,
): Promise<{ set: NormSetRef; table: NormTable } | null> {
  const repo = createNormsRepository(db);
  const id = asked ?? (await repo.setForMenu(organizationId, menuId, db));
  if (id === null) return null;
  const [row] = await repo.sets(organizationId, db, id);
  if (!row) throw notFound(M.setNotFound);
  const { shares, values } = await repo.table(row.id, db);
  return {
    set: {
      id: row.id,
      ...namesOf(row),
      source: row.source,
      kazakh_2025: row.kazakh2025,
      tolerance_pct: row.tolerancePct,
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
    },
    table: {
      tolerancePct: Number(row.tolerancePct),
      shares: new Map(shares.map((s) => [s.meal, Number(s.sharePct)])),
      values: new Map(values.map((v) => [`${v.ageGroupId}:${v.meal}:${v.nutrient}`, Number(v.value)])),
    },
  };
}

/**
 * The organization's menu rules: as saved, over the shipped ones (a rule the saved document lacks, added
 * to the product later, comes shipped).
 */
export async function menuRulesOf(db: Db, organizationId: number): Promise<MenuRulesAnswer> {
  const row = await createNormsRepository(db).menuRules(organizationId, db);
  const saved = MenuRules.safeParse({ ...MENU_RULE_DEFAULTS, ...(row?.rules as object | undefined) });
  return {
    ...(saved.success ? saved.data : MENU_RULE_DEFAULTS),
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedBy ?? null,
  };
}

/** An organization's norm sets (docs/rules.md "Norm sets"). */
export function createNormsService(platform: Platform) {
  const repo = createNormsRepository(platform.db);

  const organizationOf = (actor: Actor) => {
    if (actor.organizationId === null) throw forbidden();
    return actor.organizationId;
  };

  async function answers(rows: NormSetRow[], tx: Db): Promise<NormSet[]> {
    const userIds = [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy]).filter((u) => u !== null))];
    const { shares, values, schools, users } = await repo.contents(
      rows.map((r) => r.id),
      userIds,
      tx,
    );
    return rows.map((row) => {
      return {
        id: row.id,
        ...namesOf(row),
        source: row.source,
        template: row.template,
        kazakh_2025: row.kazakh2025,
        tolerance_pct: row.tolerancePct,
        version: row.version,
        created_at: row.createdAt.toISOString(),
        created_by: row.createdBy === null ? null : (users.get(row.createdBy) ?? null),
        updated_at: row.updatedAt.toISOString(),
        updated_by: row.updatedBy === null ? null : (users.get(row.updatedBy) ?? null),
        shares: shares.filter((s) => s.normSetId === row.id).map((s) => ({ meal: s.meal, share_pct: s.sharePct })),
        rows: rowsOf(values.filter((v) => v.normSetId === row.id)),
        schools: schools.filter((s) => s.normSetId === row.id).map((s) => ({ id: s.id, ...namesOf(s) })),
      };
    });
  }

  async function one(organizationId: number, id: number, tx: Db): Promise<NormSet> {
    const [row] = await repo.sets(organizationId, tx, id);
    if (!row) throw notFound(M.setNotFound);
    return (await answers([row], tx))[0]!;
  }

  async function list(organizationId: number, tx: Db): Promise<NormSets> {
    const [sets, schools] = await Promise.all([repo.sets(organizationId, tx), repo.schools(organizationId, tx)]);
    return {
      rows: await answers(sets, tx),
      schools: schools.map((s) => ({ id: s.id, ...namesOf(s), norm_set_id: s.normSetId })),
    };
  }

  /** The body's content, its age groups the organization's live ones (422 on the row's field otherwise). */
  async function contentOf(
    organizationId: number,
    body: NormSetCreate | NormSetUpdate,
    names: StoredNames,
    template: string | null,
    tx: Db,
  ): Promise<NormSetContent> {
    const groups = new Set((await repo.ageGroups(organizationId, tx)).map((g) => g.id));
    const errors: Record<string, string[]> = {};
    body.rows.forEach((r, i) => {
      if (!groups.has(r.age_group_id)) (errors[`rows.${i}.age_group_id`] ??= []).push(M.ageGroup);
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return {
      ...names,
      source: body.source,
      template,
      kazakh2025: body.kazakh_2025,
      tolerancePct: body.tolerance_pct,
      shares: body.shares.map((s) => ({ meal: s.meal, sharePct: s.share_pct! })),
      values: body.rows.flatMap((r) =>
        NORM_NUTRIENTS.flatMap((nutrient) => {
          const value = r.values[nutrient];
          return value === null || value === undefined
            ? []
            : [{ ageGroupId: r.age_group_id, meal: r.meal ?? 0, nutrient, value }];
        }),
      ),
    };
  }

  const namesOrRefuse = (sent: { name?: string | null; name_kk?: string | null }, current: StoredNames | null) => {
    const names = namesToStore(sent, current);
    if ('error' in names) throw ValidationError.field('name', names.error);
    return names;
  };

  return {
    templates(): NormTemplates {
      return {
        rows: NORM_TEMPLATES.map((t) => ({
          code: t.code,
          ...namesOf({ name: t.name, nameKk: t.name_kk, nameRuMissing: false }),
          source: t.source,
          shares: t.shares,
          rows: t.rows.map((r) => ({
            age_from: r.age_from,
            age_to: r.age_to,
            meal: r.meal,
            values: { ...emptyValues(), ...r.values },
          })),
        })),
      };
    },

    list: (actor: Actor) => list(organizationOf(actor), platform.db),

    async create(actor: Actor, body: NormSetCreate): Promise<NormSet> {
      const organizationId = organizationOf(actor);
      return platform.db.transaction(async (tx) => {
        const content = await contentOf(organizationId, body, namesOrRefuse(body, null), null, tx);
        const row = await repo.create(organizationId, content, actor.userId, tx);
        await repo.keepVersion(row.id, tx);
        await audit(tx, actor, {
          action: 'norm_set_create',
          entity: 'norm_set',
          entityId: row.id,
          organizationId,
          after: { name: row.name, source: row.source, values: content.values.length },
        });
        return one(organizationId, row.id, tx);
      });
    },

    /**
     * A set of the organization from a shipped template: each of its age groups takes the rows of the
     * template's band that shares the most years with it (bandFor); a group no band meets gets none.
     */
    async fromTemplate(actor: Actor, code: string): Promise<NormSet> {
      const organizationId = organizationOf(actor);
      const template = NORM_TEMPLATES.find((t) => t.code === code);
      if (!template) throw ValidationError.field('template', M.template);
      return platform.db.transaction(async (tx) => {
        const groups = await repo.ageGroups(organizationId, tx);
        if (!groups.length) throw ValidationError.field('template', M.noAgeGroups);
        const values = templateValues(template, groups);
        const row = await repo.create(
          organizationId,
          {
            name: template.name,
            nameKk: template.name_kk,
            nameRuMissing: false,
            source: template.source,
            template: template.code,
            kazakh2025: false,
            tolerancePct: '10',
            shares: template.shares.map((s) => ({ meal: s.meal, sharePct: s.share_pct })),
            values,
          },
          actor.userId,
          tx,
        );
        await repo.keepVersion(row.id, tx);
        await audit(tx, actor, {
          action: 'norm_set_create',
          entity: 'norm_set',
          entityId: row.id,
          organizationId,
          after: { template: code, values: values.length },
        });
        return one(organizationId, row.id, tx);
      });
    },

    async update(actor: Actor, body: NormSetUpdate): Promise<NormSet> {
      const organizationId = organizationOf(actor);
      return platform.db.transaction(async (tx) => {
        const [before] = await repo.sets(organizationId, tx, body.id, true);
        if (!before) throw notFound(M.setNotFound);
        const content = await contentOf(organizationId, body, namesOrRefuse(body, before), before.template, tx);
        const row = await repo.update(before.id, content, actor.userId, platform.now(), tx);
        await repo.keepVersion(row.id, tx);
        await audit(tx, actor, {
          action: 'norm_set_update',
          entity: 'norm_set',
          entityId: row.id,
          organizationId,
          before: { name: before.name, version: before.version, tolerance_pct: before.tolerancePct },
          after: {
            name: row.name,
            version: row.version,
            tolerance_pct: row.tolerancePct,
            values: content.values.length,
          },
        });
        return one(organizationId, row.id, tx);
      });
    },

    /**
     * The set's versions, newest first, each as it was saved: a version's rows in the order of the
     * organization's age groups (an archived group's too).
     */
    async versions(actor: Actor, id: number): Promise<NormSetVersions> {
      const organizationId = organizationOf(actor);
      const db = platform.db;
      if (!(await repo.sets(organizationId, db, id)).length) throw notFound(M.setNotFound);
      const [kept, groups] = await Promise.all([repo.versions(id, db), repo.ageGroupOrder(organizationId, db)]);
      const order = new Map(groups.map((g, i) => [g.id, i]));
      return {
        rows: kept.map((k) => {
          const c = k.content as NormSetVersionContent;
          const values = c.values
            .map((v) => ({ ageGroupId: v.age_group_id, meal: v.meal, nutrient: v.nutrient, value: v.value }))
            .sort((a, b) => (order.get(a.ageGroupId) ?? 0) - (order.get(b.ageGroupId) ?? 0) || a.meal - b.meal);
          return {
            version: k.version,
            saved_at: k.savedAt.toISOString(),
            saved_by: k.savedBy,
            ...namesOf({ name: c.name, nameKk: c.name_kk, nameRuMissing: c.name_ru_missing }),
            source: c.source,
            kazakh_2025: c.kazakh_2025,
            tolerance_pct: c.tolerance_pct,
            shares: c.shares,
            rows: rowsOf(values),
          };
        }),
      };
    },

    /** Archived; refused while a school analyses its menus against it. */
    remove(actor: Actor, id: number): Promise<Ok> {
      const organizationId = organizationOf(actor);
      return retire(platform.db, actor, {
        find: async (tx) => (await repo.sets(organizationId, tx, id, true))[0] ?? null,
        notFound: M.setNotFound,
        refuse: async (tx) => {
          const schools = await repo.schoolsOf(id, tx);
          return schools.length ? M.inUse(schools.map((s) => s.name).join(', ')) : null;
        },
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: {
          action: 'norm_set_delete',
          entity: 'norm_set',
          id,
          organizationId: () => organizationId,
          before: (r) => ({ name: r.name, version: r.version }),
        },
      });
    },

    /** The set a school's menus are analysed against (null: none): the school and the set the organization's. */
    async chooseForSchool(actor: Actor, schoolId: number, normSetId: number | null): Promise<NormSets> {
      const organizationId = organizationOf(actor);
      return platform.db.transaction(async (tx) => {
        if (!(await repo.school(organizationId, schoolId, tx))) throw notFound(M.schoolNotFound);
        if (normSetId !== null && !(await repo.sets(organizationId, tx, normSetId)).length) {
          throw notFound(M.setNotFound);
        }
        await repo.chooseForSchool(schoolId, normSetId, tx);
        await audit(tx, actor, {
          action: 'norm_set_school',
          entity: 'school',
          entityId: schoolId,
          organizationId,
          after: { norm_set_id: normSetId },
        });
        return list(organizationId, tx);
      });
    },

    menuRules: (actor: Actor) => menuRulesOf(platform.db, organizationOf(actor)),

    async saveMenuRules(actor: Actor, rules: MenuRules): Promise<MenuRulesAnswer> {
      const organizationId = organizationOf(actor);
      return platform.db.transaction(async (tx) => {
        const before = await menuRulesOf(tx, organizationId);
        await repo.saveMenuRules(organizationId, rules, actor.userId, platform.now(), tx);
        await audit(tx, actor, {
          action: 'menu_rules_save',
          entity: 'organization',
          entityId: organizationId,
          organizationId,
          before,
          after: rules,
        });
        return menuRulesOf(tx, organizationId);
      });
    },
  };
}
