import { CanteenCreate, type Canteen } from '@tamaq/contract/canteens';
import { Alert, App, Breadcrumb, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useCanteen } from './api/get-canteen.ts';
import { useSaveCanteen } from './api/save-canteen.ts';

const t = ru.catalogs.canteens;
const a = ru.catalogs.actions;
const BACK = '/canteens';

type Values = { name: string; address: string; description: string };

const positive = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** '/canteen/create' and '/canteen/:id' (spec 1 §2.18): name, address, description; saving returns to the list. */
export function CanteenFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = positive(params.id);
  const canteen = useCanteen(id);
  const title = editing ? t.editTitle : t.newTitle;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to={BACK}>{t.title}</Link> },
          { title: editing ? (canteen.data?.name ?? title) : title },
        ]}
      />
      <Card title={title} style={{ maxWidth: 640 }} data-testid="canteen-form-page">
        {editing && id === null ? (
          <Alert type="error" showIcon title={ru.ui.errors.byStatus[404]} />
        ) : editing && canteen.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : editing && canteen.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(canteen.error)} />
        ) : (
          <CanteenForm canteen={canteen.data ?? null} />
        )}
      </Card>
    </Space>
  );
}

function CanteenForm({ canteen }: { canteen: Canteen | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveCanteen();
  const { onFinish, submitting } = useFormSubmit(
    form,
    (values: Values) => save.mutateAsync({ id: canteen?.id ?? null, ...values }),
    {
      // Spec 1 §5: an error that names no field is shown under the name.
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(canteen ? t.saved : t.created);
        void navigate(BACK);
      },
    },
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        name: canteen?.name ?? '',
        address: canteen?.address ?? '',
        description: canteen?.description ?? '',
      }}
      onFinish={onFinish}
      data-testid="canteen-form"
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(CanteenCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="address" label={t.address} rules={[fromSchema(CanteenCreate.shape.address)]} required>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="description" label={t.description} rules={[fromSchema(CanteenCreate.shape.description)]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {a.save}
        </Button>
        <LinkButton to={BACK}>{a.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
