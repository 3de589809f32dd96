import { i18n } from '../../i18n/texts.ts';
import { NameFields } from '../../ui/name-fields.tsx';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { dishCategoriesResource } from './dish-categories-resource.ts';

const t = i18n.food.dishCategories;

/** '/category/create' and '/category/:id' (docs/product.md): its names; save returns to the list. */
export function DishCategoryFormPage() {
  return (
    <ResourceForm
      resource={dishCategoriesResource}
      texts={t}
      backPath="/categories"
      testId="dish-category-form-page"
      skeletonRows={2}
      values={(c) => ({ name: c ? (c.name_ru ?? '') : '', name_kk: c?.name_kk ?? '' })}
    >
      <NameFields placeholder={t.namePlaceholder} />
    </ResourceForm>
  );
}
