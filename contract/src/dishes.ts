import { listOf, Paging } from './common.ts';
import { bodyId, optionalQueryId, requiredText, z } from './zod.ts';

/**
 * Dish categories and dishes of an education organization (spec 2 "Dish categories and dishes",
 * §3, §7): the education admin's catalogue that menus and the cashbox sell from.
 */
export const DishCategory = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
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
export const DishCategoryCreate = z.object({
  name: requiredText(255),
  organization_id: z.unknown().optional(),
});
export type DishCategoryCreate = z.infer<typeof DishCategoryCreate>;
export const DishCategoryUpdate = DishCategoryCreate.extend({ id: bodyId() });
export type DishCategoryUpdate = z.infer<typeof DishCategoryUpdate>;

export const DISH_MESSAGES = {
  categoryNotFound: 'Категория блюд не найдена',
  categoryHasDishes: (n: number) => `В категории есть блюда: ${n}. Сначала удалите или перенесите их`,
} as const;
