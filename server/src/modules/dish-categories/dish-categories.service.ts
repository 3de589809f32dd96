import { DISH_MESSAGES, type DishCategory } from '@tamaq/contract/dishes';
import { namesOf } from '@tamaq/contract/names';
import { createCatalogue } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { dishCategories } from '../../platform/db/schema-food.ts';
import { createDishCategoriesRepository, liveDishes } from './dish-categories.repository.ts';

/**
 * The education admin's own organization's dish categories, audited. A name is unique in the
 * organization whatever the letter case and the spaces around it, as book categories are in a school.
 */
export function createDishCategoriesService(platform: { db: Db; now: () => Date }) {
  const repo = createDishCategoriesRepository(platform.db);
  return createCatalogue(platform, {
    table: dishCategories,
    computed: { dishes: liveDishes },
    search: (t) => [t.name, t.nameKk],
    bilingual: true,
    answer: (row): DishCategory => ({
      id: row.id,
      organization_id: row.organizationId,
      ...namesOf(row),
      dishes: row.dishes,
      created_at: row.createdAt.toISOString(),
    }),
    notFound: DISH_MESSAGES.categoryNotFound,
    audit: { action: 'dish_category_delete', entity: 'dish_category', writes: true },
    unique: [
      { constraint: 'dish_categories_organization_name_key', field: 'name', message: DISH_MESSAGES.categoryNameTaken },
      {
        constraint: 'dish_categories_organization_name_kk_key',
        field: 'name_kk',
        message: DISH_MESSAGES.categoryNameTaken,
      },
    ],
    // Refused while live dishes are in the category (menus sell them); otherwise archived.
    refuseRemoval: async (tx, id) => {
      const n = await repo.countDishes(id, tx);
      return n > 0 ? DISH_MESSAGES.categoryHasDishes(n) : null;
    },
  });
}
