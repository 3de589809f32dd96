import {
  COST_MAX,
  cost as costSchema,
  FoodCategoryCreate,
  type FoodCategory,
  type FoodCategoryType,
} from '@tamaq/contract/food-categories';
import { Alert, App, Breadcrumb, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useFoodCategory } from './api/get-food-category.ts';
import { useSaveFoodCategory } from './api/save-food-category.ts';
import { FoodTypeTag } from './food-type-tag.tsx';

const t = ru.catalogs.foodCategories;
const a = ru.catalogs.actions;
const BACK = '/food/categories';

/** The cost stays a decimal string from the field to the server ('650.50'): no float on the way. */
type Values = { name: string; cost: string | null; type: FoodCategoryType };

const positive = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** '/food/category/create' and '/food/category/:id' (spec 2): name, daily cost and type. */
export function FoodCategoryFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = positive(params.id);
  const category = useFoodCategory(id);
  const title = editing ? t.editTitle : t.newTitle;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to={BACK}>{t.title}</Link> },
          { title: editing ? (category.data?.name ?? title) : title },
        ]}
      />
      <Card title={title} style={{ maxWidth: 640 }} data-testid="food-category-form-page">
        {editing && id === null ? (
          <Alert type="error" showIcon title={ru.ui.errors.byStatus[404]} />
        ) : editing && category.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : editing && category.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(category.error)} />
        ) : (
          <FoodCategoryForm category={category.data ?? null} />
        )}
      </Card>
    </Space>
  );
}

function FoodCategoryForm({ category }: { category: FoodCategory | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveFoodCategory();
  const type = Form.useWatch('type', form);
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) => save.mutateAsync({ id: category?.id ?? null, name: v.name, cost: v.cost ?? '', type: v.type }),
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(category ? t.saved : t.created);
        void navigate(BACK);
      },
    },
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ name: category?.name ?? '', cost: category?.cost ?? null, type: category?.type ?? 'common' }}
      onFinish={onFinish}
      data-testid="food-category-form"
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(FoodCategoryCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="cost" label={t.cost} rules={[fromSchema(costSchema())]} required>
        <InputNumber<string>
          stringMode
          min="0"
          max={String(COST_MAX)}
          precision={2}
          step="10"
          decimalSeparator=","
          suffix={t.currency}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="type" label={t.type}>
        <Radio.Group
          options={[
            { value: 'common', label: t.types.common },
            { value: 'sw', label: <FoodTypeTag type="sw" /> },
          ]}
        />
      </Form.Item>
      {category && type && type !== category.type && (
        <Alert
          type="warning"
          showIcon
          title={t.typeChangeHint}
          style={{ marginBottom: 16 }}
          data-testid="type-change-hint"
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {a.save}
        </Button>
        <LinkButton to={BACK}>{a.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
