import { CreditCardOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Organization } from '@tamaq/contract/organizations';
import { Card, Flex, Input, Space, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useOrganizations } from './api/get-organizations.ts';

const t = ru.orgs;

const columns: TableColumnsType<Organization> = [
  {
    title: t.organizations.columns.name,
    dataIndex: 'name',
    render: (name: string, row) => <Link to={`/organization/${row.id}`}>{name}</Link>,
  },
  { title: t.organizations.columns.type, dataIndex: 'type', render: (type: string) => t.organizationTypes[type] },
  {
    title: t.organizations.columns.status,
    dataIndex: 'status',
    render: (status: string) => (
      <Tag color={status === 'active' ? 'green' : 'red'}>{t.organizationStatuses[status]}</Tag>
    ),
  },
  { title: t.organizations.columns.bin, dataIndex: 'bin' },
  {
    title: t.organizations.columns.modules,
    dataIndex: 'modules',
    render: (modules: string[]) => modules.map((m) => <Tag key={m}>{t.modules[m] ?? m}</Tag>),
  },
  {
    title: t.organizations.columns.actions,
    key: 'actions',
    align: 'right',
    render: (_, row) => (
      <Space size={4}>
        <LinkButton
          to={`/organization/${row.id}`}
          type="text"
          icon={<EditOutlined />}
          aria-label={`${t.organizations.edit}: ${row.name}`}
          title={t.organizations.edit}
        />
        <LinkButton to={`/cards/${row.id}`} size="small" icon={<CreditCardOutlined />}>
          {t.organizations.cards}
        </LinkButton>
      </Space>
    ),
  },
];

/** Spec 1 §2.15: every organization, searchable by name and BIN, with edit and cards links. */
export function OrganizationsPage() {
  const list = useListParams();
  const { data, isFetching, error, refetch } = useOrganizations({
    query: list.debouncedQuery || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  return (
    <Card
      title={t.organizations.title}
      data-testid="organizations-page"
      extra={
        <LinkButton to="/organization/create" type="primary" icon={<PlusOutlined />}>
          {t.organizations.add}
        </LinkButton>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          placeholder={t.organizations.search}
          aria-label={t.organizations.search}
          style={{ maxWidth: 360 }}
        />
      </Flex>
      <DataTable<Organization>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        emptyText={t.organizations.empty}
        error={error}
        onRetry={() => void refetch()}
      />
    </Card>
  );
}
