import type { FoodCategory } from '@tamaq/contract/food-categories';
import { i18n } from '../../i18n/texts.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { foodCategoriesResource } from './food-categories-resource.ts';
import { FoodTypeTag } from './food-type-tag.tsx';
import { formatCost } from '../../lib/money.ts';

const t = i18n.catalogs.foodCategories;

/** docs/product.md "Food categories": name, daily cost and type, with search, add, edit and delete. */
export function FoodCategoriesListPage() {
  return (
    <ResourceList<FoodCategory>
      resource={foodCategoriesResource}
      texts={t}
      formPath="/food/category"
      testId="food-categories-page"
      columns={[
        {
          key: 'cost',
          title: t.costColumn,
          align: 'right',
          width: 170,
          render: (_, row) => (
            <span data-testid="food-cost" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatCost(row.cost, t.currency)}
            </span>
          ),
        },
        { key: 'type', title: t.type, width: 220, render: (_, row) => <FoodTypeTag type={row.type} /> },
      ]}
    />
  );
}
