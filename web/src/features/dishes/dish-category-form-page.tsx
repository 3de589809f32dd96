import { DishCategoryCreate } from '@tamaq/contract/dishes';
import { Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { dishCategoriesResource } from './dish-categories-resource.ts';

const t = i18n.food.dishCategories;

/** '/category/create' and '/category/:id' (docs/product.md): a name; save returns to the list. */
export function DishCategoryFormPage() {
  return (
    <ResourceForm
      resource={dishCategoriesResource}
      texts={t}
      backPath="/categories"
      testId="dish-category-form-page"
      skeletonRows={1}
      values={(c) => ({ name: c?.name ?? '' })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(DishCategoryCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
    </ResourceForm>
  );
}
