import { EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { canOpen } from '@tamaq/contract/routes';
import type { School } from '@tamaq/contract/schools';
import { App, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteSchool } from './api/delete-school.ts';
import { useSchools } from './api/list-schools.ts';
import { useSchoolTexts } from './use-school-texts.ts';

const f = ru.structure.fields;
const a = ru.structure.actions;

/**
 * Spec 1 §2.17: the organization's schools (kindergartens) with search, add, edit and delete. A user
 * locked to one school sees only it, and neither adds nor deletes schools (the server refuses too).
 */
export function SchoolsListPage() {
  const words = useStructureWords();
  const t = useSchoolTexts();
  const session = useSession();
  const { message } = App.useApp();
  const locked = session?.school !== null && session?.school !== undefined;
  const showSettings = canOpen(session?.role, '/school/:id/settings');
  const list = useListParams();
  const { data, isFetching, error, refetch } = useSchools({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteSchool();

  const columns: TableColumnsType<School> = [
    { key: 'number', title: f.number, dataIndex: 'number', width: 90 },
    {
      key: 'name',
      title: f.name,
      render: (_, row) => <Link to={`/school/${row.id}`}>{row.name}</Link>,
    },
    { key: 'region', title: f.region, render: (_, row) => row.region?.name ?? '' },
    { key: 'city', title: f.city, dataIndex: 'city' },
    { key: 'address', title: f.address, dataIndex: 'address' },
    {
      key: 'actions',
      title: a.actions,
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton type="text" icon={<EditOutlined />} to={`/school/${row.id}`} aria-label={a.edit} title={a.edit} />
          {showSettings && (
            <LinkButton
              type="text"
              icon={<SettingOutlined />}
              to={`/school/${row.id}/settings`}
              aria-label={a.settings}
              title={a.settings}
            />
          )}
          {!locked && (
            <ConfirmDelete
              title={t.confirmDeleteSchool}
              onConfirm={async () => {
                await remove.mutateAsync(row.id);
                void message.success(t.schoolDeleted);
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={words.schools}
      data-testid="schools-page"
      extra={
        !locked && (
          <LinkButton type="primary" icon={<PlusOutlined />} to="/school/create">
            {t.addSchool}
          </LinkButton>
        )
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t.searchSchools}
          aria-label={t.searchSchools}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 420 }}
        />
      </Flex>
      <DataTable<School>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        error={error}
        onRetry={() => void refetch()}
        emptyText={list.debouncedQuery ? undefined : t.noSchools}
      />
    </Card>
  );
}
