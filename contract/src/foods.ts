import { ALLERGENS } from './allergens.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { NUTRIENT_CODES, type Nutrient } from './nutrients.ts';
import { rolesFor } from './routes.ts';
import { IdParams, listOf, Paging } from './common.ts';
import { z } from './zod.ts';

/**
 * Foods (docs/rules.md "Foods and nutrients"): the shipped composition table's and the organization's
 * own, as the dietitian picks them for a technological card. Values per 100 g of the edible part, exact
 * as their source gives them ("81.11"); null where it did not measure the nutrient, never 0.
 */
const value = z.string().nullable();
export const NutrientValuesAnswer = z.object(
  Object.fromEntries(NUTRIENT_CODES.map((code) => [code, value])) as Record<Nutrient, typeof value>,
);

export const Food = z.object({
  id: z.number().int(),
  /** The shipped table's number of the food (SR's NDB_No); null for the organization's own. */
  ndb_no: z.string().nullable(),
  /** The organization's own food (its values from the dietitian's source), not the shipped table's. */
  own: z.boolean(),
  /** In the reader's language: the Kazakh or Russian name where the food has it, else the English one. */
  name: z.string(),
  name_ru: z.string().nullable(),
  name_kk: z.string().nullable(),
  name_en: z.string().nullable(),
  food_group: z.string().nullable(),
  /** The share not eaten of the food as bought (%): gross → net. */
  refuse_pct: z.string().nullable(),
  refuse_desc: z.string().nullable(),
  /** Where the values come from: the table's citation, or the dietitian's source. */
  source: z.string(),
  allergens: z.array(z.enum(ALLERGENS)),
  /** The allergens were checked by hand; false: suggested by the food's English name. */
  allergens_checked: z.boolean(),
  values: NutrientValuesAnswer,
});
export type Food = z.infer<typeof Food>;

export const FoodListQuery = Paging.extend({
  /** Words of the name in Russian, Kazakh or English; typos and the other keyboard's letters are forgiven. */
  query: z.string().trim().max(100).optional(),
});
export type FoodListQuery = z.infer<typeof FoodListQuery>;
export const FoodList = listOf(Food);
export type FoodList = z.infer<typeof FoodList>;

export const FOOD_MESSAGES = withKazakh(
  {
    foodNotFound: 'Продукт не найден',
  } as const,
  {
    foodNotFound: 'Өнім табылмады',
  },
);

const foodsEndpoint = endpointsOf('foods');
const foodsAccess = rolesFor('/categories');

export const FOODS_ENDPOINTS = {
  list: foodsEndpoint('list', {
    query: FoodListQuery,
    answer: FoodList,
    access: foodsAccess,
    summary: 'Продукты: таблица химического состава и собственные продукты организации (поиск: query)',
  }),
  get: foodsEndpoint('get', {
    params: IdParams,
    answer: Food,
    refusals: [404],
    access: foodsAccess,
    summary: 'Продукт: пищевая ценность на 100 г съедобной части, отходы, аллергены, источник',
  }),
};
