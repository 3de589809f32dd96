import type { DishCategory } from '@tamaq/contract/dishes';
import { i18n } from '../../i18n/texts.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { dishCategoriesResource } from './dish-categories-resource.ts';

const t = i18n.food.dishCategories;

/** /categories (docs/product.md): dish categories with search, add, edit and delete; a row opens its dishes. */
export function DishCategoriesListPage() {
  return (
    <ResourceList<DishCategory>
      resource={dishCategoriesResource}
      texts={t}
      formPath="/category"
      testId="dish-categories-page"
      nameLink={(row) => ({ to: `/products/${row.id}`, title: t.openDishes })}
      columns={[{ key: 'dishes', title: t.dishes, width: 120, render: (_, row) => row.dishes }]}
    />
  );
}
