import { OrganizationCreate, type Organization, type OrganizationCreated } from '@tamaq/contract/organizations';
import { MODULES, ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@tamaq/contract/roles';
import { App, Checkbox, Divider, Flex, Form, Input, Select } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n/language.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { OrganizationAdmins, sayInvitation } from './organization-admins.tsx';
import { organizationsResource } from './organizations-resource.ts';

const t = i18n.orgs;
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
/** Each language by its own name; none leaves the people in Russian until each chooses. */
const languageOptions = [
  { value: null, label: f.languageNone },
  ...LANGUAGES.map((v) => ({ value: v, label: LANGUAGE_NAMES[v] })),
];

const values = (o: Organization | null): Partial<Values> =>
  o
    ? {
        name: o.name,
        type: o.type,
        status: o.status,
        bin: o.bin ?? '',
        address: o.address,
        contacts: o.contacts,
        modules: o.modules,
        language: o.language,
      }
    : { status: 'active', modules: [], language: null };

/** A new organization's body carries its admin; a change only the organization's own fields. */
const body = (v: Partial<Values>, o: Organization | null) => {
  const full = v as Values;
  if (!o) return full;
  const { name, status, bin, address, contacts, modules, language } = full;
  // The type is not the form's to change: the stored one goes back.
  return { type: o.type, name, status, bin, address, contacts, modules, language: language ?? null };
};

/** /organization/create and /organization/:id: one form; the admin account only on create. */
export function OrganizationFormPage() {
  const { message } = App.useApp();
  /** A new admin without a password was invited: say where the invitation went. */
  const afterSave = (saved: Organization, created: boolean) => {
    const invitation = created ? (saved as OrganizationCreated).admin_invitation : undefined;
    if (invitation) sayInvitation(message, invitation);
    return '/organizations';
  };
  return (
    <ResourceForm<Organization, Partial<Values>, Values | Omit<Values, `admin_${string}`>>
      resource={organizationsResource}
      texts={{ ...f, title: t.organizations.title, newTitle: f.createTitle }}
      backPath="/organizations"
      afterSave={afterSave}
      testId="organization-form-page"
      maxWidth={720}
      values={values}
      body={body}
    >
      {({ row }) => (
        <>
          <Form.Item name="name" label={f.name} rules={rules.name} required>
            <Input maxLength={255} autoFocus />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item
              name="type"
              label={f.type}
              rules={rules.type}
              required
              extra={row !== null ? f.typeLocked : undefined}
              style={{ flex: '1 1 200px' }}
            >
              <Select options={typeOptions} disabled={row !== null} />
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
            <Input inputMode="numeric" style={{ maxWidth: 240 }} />
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
          <Form.Item name="language" label={f.language} extra={f.languageHint}>
            <Select options={languageOptions} style={{ maxWidth: 240 }} data-testid="organization-language" />
          </Form.Item>
          {row !== null && <OrganizationAdmins organizationId={row.id} />}
          {row === null && (
            <>
              <Divider titlePlacement="start">{f.adminSection}</Divider>
              <Form.Item name="admin_name" label={f.adminName} rules={rules.adminName} required>
                <Input maxLength={255} autoComplete="off" />
              </Form.Item>
              <Form.Item name="admin_email" label={f.adminEmail} rules={rules.adminEmail} required>
                <Input maxLength={254} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="admin_password"
                label={f.adminPassword}
                rules={rules.adminPassword}
                extra={f.adminPasswordHint}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          )}
        </>
      )}
    </ResourceForm>
  );
}
