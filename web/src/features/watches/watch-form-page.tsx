import { WATCH_MESSAGES, WatchCreate, type Watch } from '@tamaq/contract/watches';
import { Alert, App, Breadcrumb, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useWatch } from './api/get-watch.ts';
import { useSaveWatch } from './api/save-watch.ts';
import { DayGrid } from './day-grid.tsx';
import { daysOf } from './days.ts';

const t = ru.catalogs.watches;
const a = ru.catalogs.actions;
const BACK = '/watches';

type Values = { name: string; days: number[] };

const positive = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** '/watch/create' and '/watch/:id' (spec 1 §2.16): a name and the month days to check. */
export function WatchFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = positive(params.id);
  const watch = useWatch(id);
  const title = editing ? t.editTitle : t.newTitle;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[{ title: <Link to={BACK}>{t.title}</Link> }, { title: editing ? (watch.data?.name ?? title) : title }]}
      />
      <Card title={title} style={{ maxWidth: 640 }} data-testid="watch-form-page">
        {editing && id === null ? (
          <Alert type="error" showIcon title={ru.ui.errors.byStatus[404]} />
        ) : editing && watch.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : editing && watch.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(watch.error)} />
        ) : (
          <WatchForm watch={watch.data ?? null} />
        )}
      </Card>
    </Space>
  );
}

function WatchForm({ watch }: { watch: Watch | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveWatch();
  const { onFinish, submitting } = useFormSubmit(
    form,
    (values: Values) => save.mutateAsync({ id: watch?.id ?? null, name: values.name, days: values.days }),
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(watch ? t.saved : t.created);
        void navigate(BACK);
      },
    },
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ name: watch?.name ?? '', days: daysOf(watch?.days) }}
      onFinish={onFinish}
      data-testid="watch-form"
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(WatchCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item
        name="days"
        label={t.days}
        extra={t.daysHint}
        required
        rules={[{ type: 'array', min: 1, required: true, message: WATCH_MESSAGES.noDays }]}
      >
        <DayGrid />
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
