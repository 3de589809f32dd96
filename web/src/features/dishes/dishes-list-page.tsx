import { nameText } from '../../ui/content-name.tsx';
import type { Dish } from '@tamaq/contract/dishes';
import { Avatar, Breadcrumb } from 'antd';
import { Link, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { formatCost } from '../../lib/money.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { DishDeleteQuestion } from './dish-delete-question.tsx';
import { dishCategoriesResource } from './dish-categories-resource.ts';
import { dishesResource } from './dishes-resource.ts';

const t = i18n.food.dishes;
const categoryTexts = i18n.food.dishCategories;

/** The route's category id, or null when the address names none. */
export const useCategoryId = (): number | null => {
  const n = Number(useParams().categoryId);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /products/{categoryId} (docs/product.md): a category's dishes with photo, price and output. */
export function DishesListPage() {
  const categoryId = useCategoryId() ?? 0;
  const category = dishCategoriesResource.useOne(categoryId || null);
  const name = category.data ? nameText(category.data) : undefined;
  return (
    <ResourceList<Dish>
      resource={dishesResource}
      texts={{ ...t, title: name ? t.titleOf(name) : t.title }}
      formPath={`/product/${categoryId}`}
      filters={{ categoryId }}
      testId="dishes-page"
      deleteQuestion={(row) => <DishDeleteQuestion id={row.id} />}
      header={
        <Breadcrumb
          items={[{ title: <Link to="/categories">{categoryTexts.title}</Link> }, { title: name ?? t.title }]}
        />
      }
      leading={[
        {
          key: 'photo',
          title: t.photo,
          width: 72,
          render: (_, row) => (
            <Avatar shape="square" size={48} src={row.image?.url} alt="">
              {row.name.slice(0, 1)}
            </Avatar>
          ),
        },
      ]}
      columns={[
        {
          key: 'cost',
          title: t.cost,
          width: 140,
          align: 'right',
          render: (_, row) => <span data-testid="dish-cost">{formatCost(row.cost, t.currency)}</span>,
        },
        { key: 'output', title: t.output, width: 160, render: (_, row) => row.output },
      ]}
    />
  );
}
