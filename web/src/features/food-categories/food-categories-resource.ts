import { FoodCategory, FoodCategoryCreate, FoodCategoryUpdate } from '@tamaq/contract/food-categories';
import { defineResource } from '../../lib/resource.ts';

/**
 * docs/product.md "Food categories": name, daily cost and type. Deleting one pupils hold is refused (409) and
 * the list shows why; a type change moves pupils' social-wallet dates, so pupil lists refresh too.
 */
export const foodCategoriesResource = defineResource({
  key: 'food-categories',
  group: 'food-categories',
  row: FoodCategory,
  create: FoodCategoryCreate,
  update: FoodCategoryUpdate,
  alsoRefreshes: ['users'],
});
