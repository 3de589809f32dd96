import { DishCategory, DishCategoryCreate, DishCategoryUpdate } from '@tamaq/contract/dishes';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Dish categories and dishes": the education admin's catalogue of dish categories. */
export const dishCategoriesResource = defineResource({
  key: 'dish-categories',
  group: 'dish-categories',
  row: DishCategory,
  create: DishCategoryCreate,
  update: DishCategoryUpdate,
});
