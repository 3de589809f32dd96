import { OrganizationCreate, type Organization } from '@tamaq/contract/organizations';
import { MODULES, ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@tamaq/contract/roles';
import { Alert, App, Button, Card, Checkbox, Divider, Flex, Form, Input, Select, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useCreateOrganization } from './api/create-organization.ts';
import { useOrganization } from './api/get-organization.ts';
import { useUpdateOrganization } from './api/update-organization.ts';

const t = ru.orgs;
const f = t.organizationForm;
type Values = OrganizationCreate;

const field = OrganizationCreate.shape;
const rules = {
  name: [fromSchema(field.name)],
  type: [fromSchema(field.type)],
  status: [fromSchema(field.status)],
  bin: [fromSchema(field.bin)],
  address: [fromSchema(field.address)],
  contacts: [fromSchema(field.contacts)],
  adminName: [fromSchema(field.admin_name)],
  adminEmail: [fromSchema(field.admin_email)],
  adminPassword: [fromSchema(field.admin_password)],
};

const typeOptions = ORGANIZATION_TYPES.map((v) => ({ value: v, label: t.organizationTypes[v] }));
const statusOptions = ORGANIZATION_STATUSES.map((v) => ({ value: v, label: t.organizationStatuses[v] }));
const moduleOptions = MODULES.map((v) => ({ value: v, label: t.modules[v] ?? v }));

/** /organization/create and /organization/:id: one form; the admin account only on create. */
export function OrganizationFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const { data, error, isPending } = useOrganization(id);
  return (
    <Card
      title={id === null ? f.createTitle : (data?.name ?? f.editTitle)}
      style={{ maxWidth: 720, margin: '0 auto' }}
      data-testid="organization-form-page"
    >
      {id === null ? (
        <OrganizationForm organization={null} />
      ) : isPending ? (
        <Skeleton active />
      ) : error ? (
        <Alert type="error" showIcon title={f.loadFailed} description={errorText(error)} />
      ) : (
        <OrganizationForm organization={data} />
      )}
    </Card>
  );
}

function OrganizationForm({ organization }: { organization: Organization | null }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const editing = organization !== null;

  const { onFinish, submitting } = useFormSubmit(
    form,
    async (values: Values) => {
      if (!organization) return create.mutateAsync(values);
      const { name, status, bin, address, contacts, modules } = values;
      // The type is not the form's to change: the stored one goes back.
      return update.mutateAsync({
        id: organization.id,
        type: organization.type,
        name,
        status,
        bin,
        address,
        contacts,
        modules,
      });
    },
    {
      onSuccess: () => {
        void message.success(editing ? f.saved : f.created);
        void navigate('/organizations');
      },
    },
  );

  const initialValues: Partial<Values> = organization
    ? {
        name: organization.name,
        type: organization.type,
        status: organization.status,
        bin: organization.bin ?? '',
        address: organization.address,
        contacts: organization.contacts,
        modules: organization.modules,
      }
    : { status: 'active', modules: [] };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      data-testid="organization-form"
    >
      <Form.Item name="name" label={f.name} rules={rules.name} required>
        <Input maxLength={255} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="type"
          label={f.type}
          rules={rules.type}
          required
          extra={editing ? f.typeLocked : undefined}
          style={{ flex: '1 1 200px' }}
        >
          <Select options={typeOptions} disabled={editing} />
        </Form.Item>
        <Form.Item
          name="status"
          label={f.status}
          rules={rules.status}
          required
          extra={f.disabledHint}
          style={{ flex: '1 1 200px' }}
        >
          <Select options={statusOptions} />
        </Form.Item>
      </Flex>
      <Form.Item name="bin" label={f.bin} rules={rules.bin} required>
        <Input maxLength={12} inputMode="numeric" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="address" label={f.address} rules={rules.address}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="contacts" label={f.contacts} rules={rules.contacts}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="modules" label={f.modules}>
        <Checkbox.Group options={moduleOptions} />
      </Form.Item>
      {!editing && (
        <>
          <Divider titlePlacement="start">{f.adminSection}</Divider>
          <Form.Item name="admin_name" label={f.adminName} rules={rules.adminName} required>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item name="admin_email" label={f.adminEmail} rules={rules.adminEmail} required>
            <Input maxLength={254} autoComplete="off" />
          </Form.Item>
          <Form.Item name="admin_password" label={f.adminPassword} rules={rules.adminPassword} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {ru.common.save}
        </Button>
        <LinkButton to="/organizations">{f.cancel}</LinkButton>
      </Flex>
    </Form>
  );
}
