import type { School } from '@tamaq/contract/schools';
import { SchoolCreate } from '@tamaq/contract/schools';
import { msg } from '@tamaq/contract/zod';
import { Alert, App, Breadcrumb, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useSchool } from './api/get-school.ts';
import { useRegions } from './api/list-regions.ts';
import { useSaveSchool } from './api/save-school.ts';
import { useSchoolTexts } from './use-school-texts.ts';

const f = ru.structure.fields;
const shape = SchoolCreate.shape;

interface Values {
  region_id?: number;
  name?: string;
  number?: string;
  bin?: string;
  address?: string;
  description?: string;
  city?: string;
}

/** '/school/create' and '/school/:id': an id that is not a positive number opens nothing. */
const parseId = (raw: string | undefined): number | null | 'bad' => {
  if (raw === undefined) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 'bad';
};

/** Spec 1 §2.17: one form for a new school and an existing one; saving returns to the list. */
export function SchoolFormPage() {
  const parsed = parseId(useParams().id);
  const id = parsed === 'bad' ? null : parsed;
  const words = useStructureWords();
  const t = useSchoolTexts();
  const { data, error, isPending } = useSchool(id);
  const editing = parsed !== null;
  const title = editing ? (data?.name ?? t.editSchool) : words.newSchool;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to="/schools">{words.schools}</Link> }, { title }]} />
      <Card title={editing ? t.editSchool : words.newSchool} style={{ maxWidth: 880 }} data-testid="school-form-page">
        {parsed === 'bad' ? (
          <Alert type="error" showIcon title={ru.structure.notFound} />
        ) : editing && isPending ? (
          <Skeleton active />
        ) : editing && error ? (
          <Alert type="error" showIcon title={t.schoolLoadFailed} description={errorText(error)} />
        ) : (
          <SchoolForm key={data?.id ?? 'new'} school={data ?? null} />
        )}
      </Card>
    </Space>
  );
}

function SchoolForm({ school }: { school: School | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const t = useSchoolTexts();
  const regions = useRegions();
  const save = useSaveSchool();
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) =>
      save.mutateAsync({
        id: school?.id ?? null,
        region_id: v.region_id as number,
        name: v.name ?? '',
        number: v.number || null,
        bin: v.bin || null,
        address: v.address ?? '',
        description: v.description || null,
        city: v.city ?? '',
      }),
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(school ? t.schoolSaved : t.schoolCreated);
        void navigate('/schools');
      },
    },
  );
  const initial: Values = school
    ? {
        region_id: school.region_id ?? undefined,
        name: school.name,
        number: school.number ?? '',
        bin: school.bin ?? '',
        address: school.address ?? '',
        description: school.description ?? '',
        city: school.city ?? '',
      }
    : {};

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={onFinish} data-testid="school-form">
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={f.name} rules={[fromSchema(shape.name)]} required>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="number" label={f.number} rules={[fromSchema(shape.number)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region_id" label={f.region} rules={[{ required: true, message: msg.required }]}>
            <Select
              placeholder={f.chooseRegion}
              loading={regions.isLoading}
              options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="city" label={f.city} rules={[fromSchema(shape.city)]} required>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="address" label={f.address} rules={[fromSchema(shape.address)]} required>
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="bin" label={f.bin} rules={[fromSchema(shape.bin)]} extra={f.binHint}>
            <Input maxLength={12} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={f.description} rules={[fromSchema(shape.description)]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {ru.structure.actions.save}
        </Button>
        <LinkButton to="/schools">{ru.structure.actions.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
