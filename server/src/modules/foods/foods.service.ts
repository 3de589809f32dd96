import { ALLERGENS } from '@tamaq/contract/allergens';
import { FOOD_MESSAGES as M, type Food, type FoodList, type FoodListQuery } from '@tamaq/contract/foods';
import { NUTRIENTS, SR28 } from '@tamaq/contract/nutrients';
import type { Actor } from '../../platform/auth/actors.ts';
import { readerLanguage } from '../../platform/db/alphabet.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createFoodsRepository, type FoodRow } from './foods.repository.ts';

/** A food as the API gives it: its values exact, its name in the reader's language where it has one. */
export function toFood(row: FoodRow): Food {
  const kazakh = readerLanguage() === 'kk';
  const name = (kazakh ? (row.nameKk ?? row.nameRu) : (row.nameRu ?? row.nameKk)) ?? row.nameEn ?? '';
  return {
    id: row.id,
    ndb_no: row.ndbNo,
    own: row.organizationId !== null,
    name,
    name_ru: row.nameRu,
    name_kk: row.nameKk,
    name_en: row.nameEn,
    food_group: row.foodGroup,
    refuse_pct: row.refusePct,
    refuse_desc: row.refuseDesc,
    source: row.source === SR28.source ? SR28.citation : row.source,
    allergens: ALLERGENS.filter((a) => row.allergens.includes(a)),
    // The shipped foods named by hand had their allergens checked with their names; an own food's are the dietitian's.
    allergens_checked: row.organizationId !== null || row.nameRu !== null,
    values: Object.fromEntries(NUTRIENTS.map((n) => [n.code, row[n.code]])) as Food['values'],
  };
}

/**
 * docs/rules.md "Foods and nutrients": the foods a technological card is made of, the shipped table's
 * and the caller's organization's own; the super admin sees the shipped table only.
 */
export function createFoodsService(platform: Pick<Platform, 'db'>) {
  const repo = createFoodsRepository(platform.db);
  return {
    async list(actor: Actor, query: FoodListQuery): Promise<FoodList> {
      const { total, rows } = await repo.list(actor.organizationId, query);
      return { total, rows: rows.map(toFood) };
    },
    async get(actor: Actor, id: number): Promise<Food> {
      const row = await repo.find(actor.organizationId, id);
      if (!row) throw notFound(M.foodNotFound);
      return toFood(row);
    },
  };
}
