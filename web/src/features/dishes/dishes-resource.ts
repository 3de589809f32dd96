import { Dish, DishCreate, DishUpdate } from '@tamaq/contract/dishes';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Dish categories and dishes": a category's dishes; a change also changes the categories' dish counts. */
export const dishesResource = defineResource({
  key: 'dishes',
  group: 'dishes',
  row: Dish,
  create: DishCreate,
  update: DishUpdate,
  alsoRefreshes: ['dish-categories'],
});
