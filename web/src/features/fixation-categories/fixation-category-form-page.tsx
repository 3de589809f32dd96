import {
  FixationCategoryCreate,
  POSITION_DEFAULT,
  POSITION_MAX,
  POSITION_MIN,
  type FixationCategory,
} from '@tamaq/contract/fixation-categories';
import { msg } from '@tamaq/contract/zod';
import {
  Alert,
  App,
  Breadcrumb,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Space,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useFixationCategory } from './api/get-fixation-category.ts';
import { useSaveFixationCategory } from './api/save-fixation-category.ts';

const t = ru.catalogs.fixationCategories;
const a = ru.catalogs.actions;
const BACK = '/fixation/categories';
const TIME = 'HH:mm';

type Values = { name: string; position: number | null; time_start: Dayjs | null; time_finish: Dayjs | null };

const positive = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};
/** 'HH:mm' of the server as a picker value (today's date, which the picker ignores). */
const timeOf = (text: string | undefined): Dayjs | null => {
  const [h, m] = (text ?? '').split(':').map(Number);
  return text && Number.isInteger(h) && Number.isInteger(m) ? dayjs().hour(h!).minute(m!).second(0) : null;
};

/** '/fixation/category/create' and '/fixation/category/:id' (spec 1 §2.19): name, position and the time window. */
export function FixationCategoryFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = positive(params.id);
  const category = useFixationCategory(id);
  const title = editing ? t.editTitle : t.newTitle;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to={BACK}>{t.title}</Link> },
          { title: editing ? (category.data?.name ?? title) : title },
        ]}
      />
      <Card title={title} style={{ maxWidth: 640 }} data-testid="fixation-category-form-page">
        {editing && id === null ? (
          <Alert type="error" showIcon title={ru.ui.errors.byStatus[404]} />
        ) : editing && category.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : editing && category.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(category.error)} />
        ) : (
          <FixationCategoryForm category={category.data ?? null} />
        )}
      </Card>
    </Space>
  );
}

function FixationCategoryForm({ category }: { category: FixationCategory | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveFixationCategory();
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) =>
      save.mutateAsync({
        id: category?.id ?? null,
        name: v.name,
        // An emptied field means the default, on an edit too.
        position: v.position ?? POSITION_DEFAULT,
        time_start: v.time_start?.format(TIME) ?? '',
        time_finish: v.time_finish?.format(TIME) ?? '',
      }),
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
      initialValues={{
        name: category?.name ?? '',
        position: category?.position ?? POSITION_DEFAULT,
        time_start: timeOf(category?.time_start),
        time_finish: timeOf(category?.time_finish),
      }}
      onFinish={onFinish}
      data-testid="fixation-category-form"
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(FixationCategoryCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="position" label={t.position} extra={t.positionHint}>
        <InputNumber min={POSITION_MIN} max={POSITION_MAX} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="time_start" label={t.timeStart} rules={[{ required: true, message: msg.required }]}>
          <TimePicker format={TIME} needConfirm={false} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="time_finish"
          label={t.timeFinish}
          dependencies={['time_start']}
          rules={[
            { required: true, message: msg.required },
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null) => {
                const start = getFieldValue('time_start') as Dayjs | null;
                if (value && start && value.format(TIME) <= start.format(TIME)) throw new Error(t.finishAfterStart);
              },
            }),
          ]}
        >
          <TimePicker format={TIME} needConfirm={false} style={{ width: 140 }} />
        </Form.Item>
      </Flex>
      <Alert type="info" showIcon title={t.windowHint} style={{ marginBottom: 16 }} />
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {a.save}
        </Button>
        <LinkButton to={BACK}>{a.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
