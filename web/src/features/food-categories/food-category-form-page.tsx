import { cost as costSchema, type FoodCategory, type FoodCategoryType } from '@tamaq/contract/food-categories';
import { Alert, Checkbox, Form, Radio, type FormInstance } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useFixationCategoryOptions } from '../../lib/options.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { MoneyInput } from '../../ui/money-input.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { foodCategoriesResource } from './food-categories-resource.ts';
import { FoodTypeTag } from './food-type-tag.tsx';

const t = i18n.catalogs.foodCategories;

/** The cost stays a decimal string from the field to the server ('650.50'): no float on the way. */
type Values = { name: string; name_kk: string; cost: string | null; type: FoodCategoryType; meals?: number[] };

/** '/food/category/create' and '/food/category/:id' (docs/product.md): name, daily cost and type. */
export function FoodCategoryFormPage() {
  // The organization's meal times: a school that has them says which ones the category pays for.
  const mealTimes = useFixationCategoryOptions().data?.rows ?? [];
  const shifts = i18n.catalogs.mealTimes;
  return (
    <ResourceForm
      resource={foodCategoriesResource}
      texts={t}
      backPath="/food/categories"
      testId="food-category-form-page"
      skeletonRows={4}
      values={(c): Values => ({
        name: c ? (c.name_ru ?? '') : '',
        name_kk: c?.name_kk ?? '',
        cost: c?.cost ?? null,
        type: c?.type ?? 'common',
        meals: c?.meals ?? [],
      })}
      // Meals not shown (no meal times, or not loaded) are left out: the category keeps its own.
      body={(v: Values) => ({ name: v.name, name_kk: v.name_kk, cost: v.cost ?? '', type: v.type, meals: v.meals })}
    >
      {({ row, form }) => (
        <>
          <NameFields placeholder={t.namePlaceholder} />
          <Form.Item name="cost" label={t.cost} rules={[fromSchema(costSchema())]} required>
            <MoneyInput currency={t.currency} />
          </Form.Item>
          <Form.Item name="type" label={t.type}>
            <Radio.Group
              options={[
                { value: 'common', label: t.types.common },
                { value: 'sw', label: <FoodTypeTag type="sw" /> },
              ]}
            />
          </Form.Item>
          {mealTimes.length > 0 && (
            <Form.Item name="meals" label={t.meals} extra={t.mealsHint}>
              <Checkbox.Group
                data-testid="food-category-meals"
                options={mealTimes.map((m) => ({
                  value: m.id,
                  label: `${m.name} ${m.time_start}–${m.time_finish}${m.shift === null ? '' : ` · ${m.shift === 1 ? shifts.shift1 : shifts.shift2}`}`,
                }))}
              />
            </Form.Item>
          )}
          <TypeChangeHint category={row} form={form} />
        </>
      )}
    </ResourceForm>
  );
}

/** Changing a category's type moves its pupils' social-wallet dates: say so before saving. */
function TypeChangeHint({ category, form }: { category: FoodCategory | null; form: FormInstance<Values> }) {
  const type = Form.useWatch('type', form);
  if (!category || !type || type === category.type) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t.typeChangeHint}
      style={{ marginBottom: 16 }}
      data-testid="type-change-hint"
    />
  );
}
