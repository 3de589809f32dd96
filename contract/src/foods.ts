import { ALLERGENS } from './allergens.ts';
import { COOKING_METHODS } from './dish-figures.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { NUTRIENT_CODES, type Nutrient } from './nutrients.ts';
import { rolesFor } from './routes.ts';
import { IdParams, listOf, Ok, Paging } from './common.ts';
import { keptText, requiredText } from './zod.ts';
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
    name: 'Укажите название на русском или казахском',
    value: 'Значение — число от 0 до 100 000 на 100 г, до трёх знаков после запятой, или пусто, если не измерено',
    refuse: 'Отходы — число процентов от 0 до 100',
    allergen: 'Неизвестный аллерген',
    price: 'Цена за килограмм — число тенге не больше 10 000 000, до двух знаков после запятой',
    priceDate: 'Дата в формате ГГГГ-ММ-ДД',
    loss: 'Потеря — число процентов от 0 до 100, до трёх знаков после запятой',
    lossMethod: 'Способ — варка, тушение, жарка, запекание или на пару',
    lossNutrient: 'Неизвестное вещество (энергия считается по белкам, жирам и углеводам)',
    lossSource: 'Укажите источник: откуда взято число',
  } as const,
  {
    foodNotFound: 'Өнім табылмады',
    name: 'Атауын орысша немесе қазақша көрсетіңіз',
    value: 'Мәні — 100 г-ға 0-ден 100 000-ға дейінгі сан, үтірден кейін үш таңбаға дейін, өлшенбесе бос',
    refuse: 'Қалдық — 0-ден 100-ге дейінгі пайыз саны',
    allergen: 'Белгісіз аллерген',
    price: 'Килограмның бағасы — 10 000 000-нан аспайтын теңге саны, үтірден кейін екі таңбаға дейін',
    priceDate: 'Күн ЖЖЖЖ-АА-КК пішімінде',
    loss: 'Шығын — 0-ден 100-ге дейінгі пайыз, үтірден кейін үш таңбаға дейін',
    lossMethod: 'Тәсілі — қайнату, бұқтыру, қуыру, пісіру немесе буға пісіру',
    lossNutrient: 'Белгісіз зат (энергия ақуыз, май және көмірсу бойынша есептеледі)',
    lossSource: 'Дереккөзді көрсетіңіз: сан қайдан алынды',
  },
);

/** A food's price per kilogram as bought, from a day on. */
export const FoodPrice = z.object({ price_per_kg: z.string(), valid_from: z.string(), created_at: z.string() });
export const FoodPrices = z.object({ food_id: z.number().int(), rows: z.array(FoodPrice) });
export type FoodPrices = z.infer<typeof FoodPrices>;

/** `PUT /api/food/:id/price`: the price from `valid_from` on (the same day's price is replaced). */
export const FoodPriceBody = z.object({
  price_per_kg: z
    .union([z.number(), z.string().trim().max(20)], { error: () => FOOD_MESSAGES.price })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.replace(',', '.').replace(/\s/g, '');
      if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > 10_000_000) {
        ctx.addIssue({ code: 'custom', message: FOOD_MESSAGES.price });
        return z.NEVER;
      }
      return text;
    }),
  valid_from: z
    .string({ error: () => FOOD_MESSAGES.priceDate })
    .trim()
    .pipe(z.iso.date({ error: () => FOOD_MESSAGES.priceDate }))
    .refine((v) => v >= '2020-01-01' && v <= '2100-12-31', { error: () => FOOD_MESSAGES.priceDate }),
});
export type FoodPriceBody = z.infer<typeof FoodPriceBody>;

/** A decimal as the dietitian's source gives it ("12,5" is read as "12.5"), kept exact as text. */
const decimal = (max: number, message: string) =>
  z
    .union([z.number(), z.string().trim().max(20), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const text = typeof v === 'number' ? String(v) : v.replace(',', '.');
      if (!/^\d+(\.\d{1,3})?$/.test(text) || Number(text) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });

const valuesBody = z
  .object(
    Object.fromEntries(NUTRIENT_CODES.map((code) => [code, decimal(100_000, FOOD_MESSAGES.value)])) as Record<
      Nutrient,
      ReturnType<typeof decimal>
    >,
  )
  .partial();

/**
 * An organization's own food (the dietitian's table): its names, the source of its values (the book and
 * page the values come from), its refuse, allergens and values per 100 g; a value left out is not measured.
 */
const FoodFields = z.object({
  name_ru: keptText(255),
  name_kk: keptText(255),
  source: requiredText(255),
  refuse_pct: decimal(100, FOOD_MESSAGES.refuse),
  allergens: z
    .array(z.enum(ALLERGENS, { error: () => FOOD_MESSAGES.allergen }), { error: () => FOOD_MESSAGES.allergen })
    .max(ALLERGENS.length)
    .default([]),
  values: valuesBody.default({}),
});
const named: [
  (v: { name_ru?: string | null; name_kk?: string | null }) => boolean,
  { path: PropertyKey[]; message: string },
] = [(v) => Boolean(v.name_ru || v.name_kk), { path: ['name_ru'], message: FOOD_MESSAGES.name }];
export const FoodCreate = FoodFields.refine(...named);
export type FoodCreate = z.infer<typeof FoodCreate>;
export const FoodUpdate = FoodFields.extend({ id: z.number().int().positive() }).refine(...named);
export type FoodUpdate = z.infer<typeof FoodUpdate>;

/** The methods that heat, whose losses are data; raw loses nothing. */
export const HEATED_METHODS = COOKING_METHODS.filter((m) => m !== 'raw') as Exclude<
  (typeof COOKING_METHODS)[number],
  'raw'
>[];
/** The nutrients a method may lose; energy follows from protein, fat and carbohydrate. */
export const LOSS_NUTRIENTS = NUTRIENT_CODES.filter((n) => n !== 'energyKcal') as Exclude<Nutrient, 'energyKcal'>[];

/**
 * A heated method's loss of a nutrient, per cent of the raw amount (docs/rules.md "Technological cards
 * and a dish's figures"): the organization's own where it set one, else the shipped, each with its source.
 */
export const CookingLoss = z.object({
  method: z.enum(COOKING_METHODS),
  nutrient: z.enum(NUTRIENT_CODES),
  loss_pct: z.string(),
  source: z.string(),
  /** The organization's own; false: the shipped. */
  own: z.boolean(),
  /** The shipped loss an own one replaces, or null. */
  shipped: z.object({ loss_pct: z.string(), source: z.string() }).nullable(),
});
export const CookingLosses = z.object({ rows: z.array(CookingLoss) });
export type CookingLosses = z.infer<typeof CookingLosses>;

/** `PUT /api/cooking-loss`: the organization's own loss of a method and nutrient; `loss_pct` null: back to the shipped. */
export const CookingLossBody = z
  .object({
    method: z.enum(HEATED_METHODS as [string, ...string[]], { error: () => FOOD_MESSAGES.lossMethod }),
    nutrient: z.enum(LOSS_NUTRIENTS as [string, ...string[]], { error: () => FOOD_MESSAGES.lossNutrient }),
    loss_pct: decimal(100, FOOD_MESSAGES.loss),
    source: z.string().trim().max(255).nullish(),
  })
  .refine((v) => v.loss_pct === null || Boolean(v.source), { path: ['source'], message: FOOD_MESSAGES.lossSource });
export type CookingLossBody = z.infer<typeof CookingLossBody>;

const foodsEndpoint = endpointsOf('foods');
const foodsAccess = rolesFor('/categories');

export const FOODS_ENDPOINTS = {
  list: foodsEndpoint('list', {
    query: FoodListQuery,
    answer: FoodList,
    access: foodsAccess,
    summary: 'Продукты: таблица химического состава и собственные продукты организации (поиск: query)',
  }),
  create: foodsEndpoint('create', {
    body: FoodCreate,
    answer: Food,
    access: foodsAccess,
    summary: 'Собственный продукт организации: названия, источник значений, отходы, аллергены, значения на 100 г',
    example: { name_ru: 'Курт', source: 'Таблица химического состава, с. 48', values: { proteinG: '25.6' } },
  }),
  update: foodsEndpoint('update', {
    body: FoodUpdate,
    answer: Food,
    refusals: [404],
    access: foodsAccess,
    summary: 'Изменение собственного продукта организации (продукты таблицы не меняются)',
  }),
  remove: foodsEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404],
    access: foodsAccess,
    summary: 'Удаление собственного продукта (в архив: карты, в которых он есть, сохраняются)',
  }),
  prices: foodsEndpoint('prices', {
    params: IdParams,
    answer: FoodPrices,
    refusals: [404],
    access: foodsAccess,
    summary: 'Цены продукта за килограмм в организации, по датам (новые сверху)',
  }),
  setPrice: foodsEndpoint('setPrice', {
    params: IdParams,
    body: FoodPriceBody,
    answer: FoodPrices,
    refusals: [404],
    access: foodsAccess,
    summary: 'Цена продукта за килограмм с даты (та же дата заменяет цену)',
    example: { price_per_kg: '3200.00', valid_from: '2026-09-01' },
  }),
  losses: foodsEndpoint('losses', {
    answer: CookingLosses,
    access: foodsAccess,
    summary: 'Потери веществ при тепловой обработке по способам: свои организации или поставляемые, с источником',
  }),
  setLoss: foodsEndpoint('setLoss', {
    body: CookingLossBody,
    answer: CookingLosses,
    access: foodsAccess,
    summary: 'Своя потеря вещества при способе обработки (loss_pct null — вернуть поставляемую)',
    example: { method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '65', source: 'Сборник рецептур, 2016, табл. 3' },
  }),
  get: foodsEndpoint('get', {
    params: IdParams,
    answer: Food,
    refusals: [404],
    access: foodsAccess,
    summary: 'Продукт: пищевая ценность на 100 г съедобной части, отходы, аллергены, источник',
  }),
};
