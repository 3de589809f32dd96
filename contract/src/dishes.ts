import { ALLERGENS } from './allergens.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { IdParams, listOf, Ok, Paging } from './common.ts';
import { cost } from './food-categories.ts';
import { Image } from './profile.ts';
import { NameAnswer, nameBody, someName } from './names.ts';
import { bodyId, optionalQueryId, optionalText, requiredText, z } from './zod.ts';

/**
 * Dish categories and dishes of an education organization (docs/product.md "Dish categories and dishes",
 * §3, §7): the education admin's catalogue that menus and the cashbox sell from.
 */
export const DishCategory = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  ...NameAnswer,
  /** Live dishes in the category, for the list. */
  dishes: z.number().int(),
  created_at: z.string(),
});
export type DishCategory = z.infer<typeof DishCategory>;

export const DishCategoryListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type DishCategoryListQuery = z.infer<typeof DishCategoryListQuery>;
export const DishCategoryList = listOf(DishCategory);
export type DishCategoryList = z.infer<typeof DishCategoryList>;

/** The spec's client sends `organization_id` too; the category always goes to the caller's own. */
const DishCategoryFields = z.object({
  /** The Russian name and the Kazakh one: at least one (see names.ts). */
  ...nameBody(255),
  organization_id: z.unknown().optional(),
});
export const DishCategoryCreate = DishCategoryFields.refine(...someName);
export type DishCategoryCreate = z.infer<typeof DishCategoryCreate>;
/** A name left out of a change stays as it is (the spec's client knows no Kazakh name). */
export const DishCategoryUpdate = DishCategoryFields.extend({ id: bodyId() });
export type DishCategoryUpdate = z.infer<typeof DishCategoryUpdate>;

/** A dish (docs/product.md "Entities": Dish (product)); `cost` is the price in tenge, exact: "450.50". */
export const Dish = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  category_id: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  image_id: z.number().int().nullable(),
  image: Image.nullable(),
  ...NameAnswer,
  cost: z.string(),
  output: z.string(),
  description: z.string().nullable(),
  /** The allergens the dish holds (contract/src/allergens.ts codes), in the list's order. */
  allergens: z.array(z.enum(ALLERGENS)),
  created_at: z.string(),
});
export type Dish = z.infer<typeof Dish>;

export const DishListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
  categoryId: optionalQueryId(),
});
export type DishListQuery = z.infer<typeof DishListQuery>;
export const DishList = listOf(Dish);
export type DishList = z.infer<typeof DishList>;

/**
 * `GET /api/product/{id}/menus`: the live menus that have the dish on some day, by name, each with
 * its live activations (a menu the schools are using now): what deleting the dish would change.
 */
export const DishMenus = z.object({
  rows: z.array(z.object({ id: z.number().int(), name: z.string(), activations: z.number().int() })),
});
export type DishMenus = z.infer<typeof DishMenus>;

/** docs/product.md "Validation": name, cost and output required, description optional; the dish goes to the caller's organization. */
const DishFields = z.object({
  category_id: bodyId(),
  image_id: bodyId().nullish(),
  /** The Russian name and the Kazakh one: at least one (see names.ts). */
  ...nameBody(255),
  cost: cost(),
  output: requiredText(100),
  description: optionalText(2000, { lines: true }),
  /** Left out: none on a new dish, unchanged on an edit (the spec's client knows no allergens). */
  allergens: z
    .array(z.enum(ALLERGENS, { error: () => DISH_MESSAGES.allergen }), { error: () => DISH_MESSAGES.allergen })
    .max(ALLERGENS.length)
    .optional(),
  organization_id: z.unknown().optional(),
});
export const DishCreate = DishFields.refine(...someName);
export type DishCreate = z.infer<typeof DishCreate>;
/** A name left out of a change stays as it is (the spec's client knows no Kazakh name). */
export const DishUpdate = DishFields.extend({ id: bodyId() });
export type DishUpdate = z.infer<typeof DishUpdate>;

export const DISH_MESSAGES = withKazakh(
  {
    dishNotFound: 'Блюдо не найдено',
    imageNotFound: 'Изображение не найдено: загрузите фото ещё раз',
    categoryNotFound: 'Категория блюд не найдена',
    categoryNameTaken: 'Категория блюд с таким названием уже есть',
    categoryHasDishes: (n: number) => `В категории есть блюда: ${n}. Сначала удалите или перенесите их`,
    allergen: 'Неизвестный аллерген',
  } as const,
  {
    dishNotFound: 'Тағам табылмады',
    imageNotFound: 'Сурет табылмады: фотоны қайта жүктеңіз',
    categoryNotFound: 'Тағам санаты табылмады',
    categoryNameTaken: 'Мұндай атаулы тағам санаты бұрыннан бар',
    categoryHasDishes: (n: number) => `Санатта тағамдар бар: ${n}. Алдымен оларды жойыңыз немесе ауыстырыңыз`,
    allergen: 'Белгісіз аллерген',
  },
);

const dishCategoriesEndpoint = endpointsOf('dish-categories');
const dishCategoriesAccess = rolesFor('/categories');

export const DISH_CATEGORIES_ENDPOINTS = {
  list: dishCategoriesEndpoint('list', {
    query: DishCategoryListQuery,
    answer: DishCategoryList,
    access: dishCategoriesAccess,
    summary: 'Категории блюд',
  }),
  get: dishCategoriesEndpoint('get', {
    params: IdParams,
    answer: DishCategory,
    refusals: [404],
    access: dishCategoriesAccess,
    summary: 'Категория блюд',
  }),
  create: dishCategoriesEndpoint('create', {
    body: DishCategoryCreate,
    answer: DishCategory,
    access: dishCategoriesAccess,
    summary: 'Новая категория блюд (в организации вызывающего)',
  }),
  update: dishCategoriesEndpoint('update', {
    body: DishCategoryUpdate,
    answer: DishCategory,
    refusals: [404],
    access: dishCategoriesAccess,
    summary: 'Изменение категории блюд',
  }),
  remove: dishCategoriesEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: dishCategoriesAccess,
    summary: 'Удаление категории блюд (в архив); отказ 409, пока в ней есть блюда',
  }),
};

const dishesEndpoint = endpointsOf('dishes');
const dishesAccess = rolesFor('/products/:categoryId');

export const DISHES_ENDPOINTS = {
  list: dishesEndpoint('list', {
    query: DishListQuery,
    answer: DishList,
    access: dishesAccess,
    summary: 'Блюда (по категории: categoryId; поиск по названию: query)',
  }),
  get: dishesEndpoint('get', {
    params: IdParams,
    answer: Dish,
    refusals: [404],
    access: dishesAccess,
    summary: 'Блюдо',
  }),
  menus: dishesEndpoint('menus', {
    params: IdParams,
    answer: DishMenus,
    refusals: [404],
    access: dishesAccess,
    summary: 'Меню, в которых есть блюдо (спрашивается перед удалением)',
  }),
  create: dishesEndpoint('create', {
    body: DishCreate,
    answer: Dish,
    access: dishesAccess,
    summary: 'Новое блюдо (цена в тенге, точно: "450.50")',
  }),
  update: dishesEndpoint('update', {
    body: DishUpdate,
    answer: Dish,
    refusals: [404],
    access: dishesAccess,
    summary: 'Изменение блюда',
  }),
  remove: dishesEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404],
    access: dishesAccess,
    summary: 'Удаление блюда (в архив: меню и заказы хранят ссылку)',
  }),
};
