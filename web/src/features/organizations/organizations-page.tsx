import { CreditCardOutlined } from '@ant-design/icons';
import type { Organization } from '@tamaq/contract/organizations';
import { Tag } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';
import { organizationsResource } from './organizations-resource.ts';

const t = i18n.orgs;
const c = t.organizations.columns;

/** docs/product.md "Organizations": every organization, searchable by name and BIN, with edit and cards links. */
export function OrganizationsPage() {
  return (
    <ResourceList<Organization>
      resource={organizationsResource}
      texts={{ ...t.organizations, name: c.name, confirmDelete: '', deleted: '' }}
      formPath="/organization"
      testId="organizations-page"
      canDelete={false}
      editLabel={(row) => `${t.organizations.edit}: ${row.name}`}
      columns={[
        { key: 'type', title: c.type, dataIndex: 'type', render: (type: string) => t.organizationTypes[type] },
        {
          key: 'status',
          title: c.status,
          dataIndex: 'status',
          render: (status: string) => (
            <Tag color={status === 'active' ? 'green' : 'red'}>{t.organizationStatuses[status]}</Tag>
          ),
        },
        { key: 'bin', title: c.bin, dataIndex: 'bin' },
        {
          key: 'modules',
          title: c.modules,
          dataIndex: 'modules',
          render: (modules: string[]) => modules.map((m) => <Tag key={m}>{t.modules[m] ?? m}</Tag>),
        },
      ]}
      actionsWidth={150}
      rowActions={(row) => (
        <LinkButton to={`/cards/${row.id}`} size="small" icon={<CreditCardOutlined />}>
          {t.organizations.cards}
        </LinkButton>
      )}
    />
  );
}
