import { nameText } from '../../ui/content-name.tsx';
import { cost as costSchema } from '@tamaq/contract/food-categories';
import { DishCreate } from '@tamaq/contract/dishes';
import type { Image } from '@tamaq/contract/profile';
import { ALLERGEN_NAMES, ALLERGENS } from '@tamaq/contract/allergens';
import { Form, Input, Select } from 'antd';
import { useParams } from 'react-router';
import { LinkButton } from '../../ui/link-button.tsx';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { dishCategoriesResource } from './dish-categories-resource.ts';
import { useCategoryId } from './dishes-list-page.tsx';
import { dishesResource } from './dishes-resource.ts';

const t = i18n.food.dishes;

/** The price stays a decimal string from the field to the server ('450.50'): no float on the way. */
type Values = {
  image: Image | null;
  name: string;
  name_kk: string;
  cost: string | null;
  output: string;
  description: string;
  allergens: string[];
};

/** '/product/{categoryId}/create' and '/product/{categoryId}/{id}' (docs/product.md): save returns to the dishes. */
export function DishFormPage() {
  const categoryId = useCategoryId();
  const category = dishCategoriesResource.useOne(categoryId);
  const back = `/products/${categoryId ?? 0}`;
  const { id } = useParams();
  return (
    <ResourceForm
      resource={dishesResource}
      texts={{ ...t, title: category.data ? t.titleOf(nameText(category.data)) : t.title }}
      backPath={back}
      invalid={categoryId === null || category.isError}
      testId="dish-form-page"
      skeletonRows={6}
      values={(d): Values => ({
        image: d?.image ?? null,
        name: d ? (d.name_ru ?? '') : '',
        name_kk: d?.name_kk ?? '',
        cost: d?.cost ?? null,
        output: d?.output ?? '',
        description: d?.description ?? '',
        allergens: d?.allergens ?? [],
      })}
      body={(v: Values) => ({
        category_id: categoryId ?? 0,
        image_id: v.image?.id ?? null,
        name: v.name,
        name_kk: v.name_kk,
        cost: v.cost ?? '',
        output: v.output,
        description: v.description || null,
        allergens: v.allergens as (typeof ALLERGENS)[number][],
      })}
    >
      {id && id !== 'create' && (
        <Form.Item>
          <LinkButton to={`/product/${categoryId ?? 0}/${id}/card`} data-testid="dish-card-link">
            {t.techCard}
          </LinkButton>
        </Form.Item>
      )}
      <Form.Item name="image" label={t.photo}>
        <ImageUpload size={112} shape="square" />
      </Form.Item>
      <NameFields placeholder={t.namePlaceholder} />
      <Form.Item name="cost" label={t.cost} rules={[fromSchema(costSchema())]} required>
        <MoneyInput currency={t.currency} />
      </Form.Item>
      <Form.Item
        name="output"
        label={t.output}
        extra={t.outputHint}
        rules={[fromSchema(DishCreate.shape.output)]}
        required
      >
        <Input maxLength={100} placeholder={t.outputPlaceholder} style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="allergens" label={t.allergens} extra={t.allergensHint}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t.allergensNone}
          optionFilterProp="label"
          options={ALLERGENS.map((a) => ({ value: a, label: ALLERGEN_NAMES[a] }))}
          style={{ maxWidth: 560 }}
        />
      </Form.Item>
      <Form.Item name="description" label={t.description} rules={[fromSchema(DishCreate.shape.description)]}>
        <Input.TextArea maxLength={2000} rows={3} placeholder={t.descriptionPlaceholder} />
      </Form.Item>
    </ResourceForm>
  );
}
