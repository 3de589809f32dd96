import { ALLERGENS } from '@tamaq/contract/allergens';
import type { Ok } from '@tamaq/contract/common';
import {
  FOOD_MESSAGES as M,
  HEATED_METHODS,
  LOSS_NUTRIENTS,
  type CookingLossBody,
  type CookingLosses,
  type Food,
  type FoodCreate,
  type FoodList,
  type FoodListQuery,
  type FoodPriceBody,
  type FoodPrices,
  type FoodUpdate,
} from '@tamaq/contract/foods';
import { NUTRIENTS, SR28 } from '@tamaq/contract/nutrients';
import type { Actor } from '../../platform/auth/actors.ts';
import { readerLanguage } from '../../platform/db/alphabet.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
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
export function createFoodsService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createFoodsRepository(platform.db);
  const ownOrganization = (actor: Actor) => {
    if (actor.organizationId === null) throw forbidden();
    return actor.organizationId;
  };
  /** The body's fields as the table's columns; values left out are not measured (null). */
  const columns = (body: FoodCreate) => ({
    nameRu: body.name_ru ?? null,
    nameKk: body.name_kk ?? null,
    source: body.source,
    refusePct: body.refuse_pct,
    allergens: ALLERGENS.filter((a) => body.allergens.includes(a)),
    ...Object.fromEntries(NUTRIENTS.map((n) => [n.code, body.values[n.code] ?? null])),
  });
  return {
    /** The organization's prices of a food it may use (the shipped table's or its own). */
    async prices(actor: Actor, id: number): Promise<FoodPrices> {
      const organizationId = ownOrganization(actor);
      if (!(await repo.find(organizationId, id))) throw notFound(M.foodNotFound);
      const rows = await repo.prices(organizationId, id);
      return {
        food_id: id,
        rows: rows.map((r) => ({
          price_per_kg: r.pricePerKg,
          valid_from: r.validFrom,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** A price from a day on, audited; the same day's is replaced. */
    async setPrice(actor: Actor, id: number, body: FoodPriceBody): Promise<FoodPrices> {
      const organizationId = ownOrganization(actor);
      if (!(await repo.find(organizationId, id))) throw notFound(M.foodNotFound);
      await platform.db.transaction(async (tx) => {
        await repo.setPrice(
          {
            organizationId,
            foodId: id,
            pricePerKg: body.price_per_kg,
            validFrom: body.valid_from,
            createdBy: actor.userId,
          },
          tx,
        );
        await audit(tx, actor, { action: 'food_price_set', entity: 'food', entityId: id, organizationId, after: body });
      });
      return this.prices(actor, id);
    },

    /** The dietitian's own food, in the caller's organization, audited. */
    async create(actor: Actor, body: FoodCreate): Promise<Food> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const row = await repo.insert({ organizationId, ...columns(body) }, tx);
        await audit(tx, actor, {
          action: 'food_create',
          entity: 'food',
          entityId: row.id,
          organizationId,
          after: toFood(row),
        });
        return toFood(row);
      });
    },
    /** A change of the organization's own food; the shipped table's foods are not changed (404). */
    async update(actor: Actor, { id, ...body }: FoodUpdate): Promise<Food> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const before = await repo.own(organizationId, id, tx);
        if (!before) throw notFound(M.foodNotFound);
        const row = await repo.update(id, columns(body), tx);
        await audit(tx, actor, {
          action: 'food_update',
          entity: 'food',
          entityId: id,
          organizationId,
          before: toFood(before),
          after: toFood(row),
        });
        return toFood(row);
      });
    },
    /** Archived: the cards that hold it keep it and their figures. */
    async remove(actor: Actor, id: number): Promise<Ok> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const before = await repo.own(organizationId, id, tx);
        if (!before) throw notFound(M.foodNotFound);
        await repo.archive(id, platform.now(), tx);
        await audit(tx, actor, {
          action: 'food_delete',
          entity: 'food',
          entityId: id,
          organizationId,
          before: toFood(before),
        });
        return { success: true };
      });
    },
    /**
     * The losses of each heated method (docs/rules.md "Technological cards and a dish's figures"): the
     * organization's own where it set one, over the shipped, in the order of the methods and nutrients.
     */
    async losses(actor: Actor, tx = platform.db): Promise<CookingLosses> {
      const organizationId = ownOrganization(actor);
      const rows = await repo.losses(organizationId, tx);
      const of = (own: boolean, method: string, nutrient: string) =>
        rows.find((r) => r.own === own && r.method === method && r.nutrient === nutrient);
      return {
        rows: HEATED_METHODS.flatMap((method) =>
          LOSS_NUTRIENTS.flatMap((nutrient) => {
            const shipped = of(false, method, nutrient);
            const own = of(true, method, nutrient);
            const row = own ?? shipped;
            if (!row) return [];
            return [
              {
                method,
                nutrient,
                loss_pct: row.lossPct,
                source: row.source,
                own: Boolean(own),
                shipped: own && shipped ? { loss_pct: shipped.lossPct, source: shipped.source } : null,
              },
            ];
          }),
        ),
      };
    },
    /** The organization's own loss, or back to the shipped (null); every card's figures follow at once. */
    async setLoss(actor: Actor, body: CookingLossBody): Promise<CookingLosses> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const key = { method: body.method, nutrient: body.nutrient };
        const before = (await repo.losses(organizationId, tx)).find(
          (r) => r.own && r.method === key.method && r.nutrient === key.nutrient,
        );
        const loss = body.loss_pct === null ? null : { lossPct: body.loss_pct, source: body.source! };
        await repo.setLoss(organizationId, key, loss, tx);
        await audit(tx, actor, {
          action: 'cooking_loss_save',
          entity: 'organization',
          entityId: organizationId,
          organizationId,
          before: before ? { ...key, loss_pct: before.lossPct, source: before.source } : null,
          after: loss ? { ...key, loss_pct: loss.lossPct, source: loss.source } : null,
        });
        return this.losses(actor, tx);
      });
    },
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
