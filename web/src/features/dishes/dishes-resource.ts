import { Dish, DishCreate, DishUpdate } from '@tamaq/contract/dishes';
import { defineResource } from '../../lib/resource.ts';

/** Spec 2 "Dishes": a category's dishes; a change also changes the categories' dish counts. */
export const dishesResource = defineResource({
  key: 'dishes',
  group: 'dishes',
  row: Dish,
  create: DishCreate,
  update: DishUpdate,
  alsoRefreshes: ['dish-categories'],
});
