import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { canOpen } from '@tamaq/contract/routes';
import { canGrant, type UserRow } from '@tamaq/contract/users';
import { Alert, Breadcrumb, Card, Flex, Space, type TableColumnsType } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Thumb } from '../../ui/image-viewer.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { BulkCategoryButton } from './bulk-category.tsx';
import { CardRosterButton } from './card-roster.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useClassroom } from './api/get-classroom.ts';
import { useUsers } from './api/list-users.ts';
import { UserActions } from './user-actions.tsx';
import { withFrom } from './user-origin.ts';
import { useInvite } from './use-invite.tsx';
import { importedText, useImported } from './users-list-page.tsx';
import { WalletCategory } from './wallet-category.tsx';
import { endpointPath } from '../../lib/endpoint-client.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.users;
const c = t.columns;

export const positiveId = (raw: string | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * docs/product.md "Users"/§2.12 '/classroom/:classroomId/users': the pupils of one class, searched by name, with
 * their food category and social wallet dates, add, import into the class, edit, cards, invite, delete.
 */
export function ClassroomUsersPage() {
  const downloadHref = useDownloadHref();
  const classroomId = positiveId(useParams().classroomId);
  const words = useStructureWords();
  const session = useSession();
  const role = session?.role;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const classroom = useClassroom(classroomId);
  const list = useListParams();
  const invite = useInvite();
  const [selected, setSelected] = useState<number[]>([]);
  const imported = useImported();
  const { data, isFetching, error, refetch } = useUsers({
    classroomId,
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const name = classroom.data ? nameText(classroom.data) : '';
  const base = `/classroom/${classroomId}`;

  // docs/product.md "Pupils": ID, photo, name, school, BIN, class and category.
  const columns: TableColumnsType<UserRow> = [
    { key: 'id', title: c.id, width: 80, render: (_, row) => row.id },
    {
      key: 'photo',
      title: c.photo,
      width: 72,
      render: (_, row) => <Thumb url={row.image?.url} alt={row.name} />,
    },
    {
      key: 'name',
      title: c.name,
      render: (_, row) => <Link to={withFrom(`${base}/user/${row.id}`, here)}>{row.name}</Link>,
    },
    { key: 'school', title: c.school, render: (_, row) => (row.school ? nameText(row.school) : '') },
    { key: 'bin', title: c.bin, width: 140, render: (_, row) => row.school?.bin ?? '' },
    {
      key: 'classroom',
      title: words.classroom,
      width: 110,
      render: (_, row) => (row.classroom ? nameText(row.classroom) : ''),
    },
    { key: 'category', title: c.category, render: (_, row) => <WalletCategory row={row} /> },
    {
      key: 'actions',
      title: c.actions,
      width: 170,
      render: (_, row) => {
        const mayChange = role !== undefined && canGrant(role, row.role);
        return (
          <UserActions
            row={row}
            editTo={mayChange ? withFrom(`${base}/user/${row.id}`, here) : undefined}
            cardsTo={
              canOpen(role, '/classroom/:classroomId/user/cards/:id') ? `${base}/user/cards/${row.id}` : undefined
            }
            canDelete={mayChange}
            onInvite={() => invite.open(row)}
          />
        );
      },
    },
  ];

  if (classroomId === null || classroom.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={i18n.users.badId}
        description={classroom.error ? errorText(classroom.error) : undefined}
      />
    );
  }
  const schoolId = classroom.data?.schoolId;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="classroom-users-page">
      <Breadcrumb
        items={[
          { title: <Link to={schoolId ? `/classrooms?schoolId=${schoolId}` : '/classrooms'}>{words.classrooms}</Link> },
          { title: words.pupilsOf(name) },
        ]}
      />
      <Card
        title={words.pupils}
        extra={
          <LinkButton type="primary" icon={<PlusOutlined />} to={withFrom(`${base}/user/create`, here)}>
            {t.add}
          </LinkButton>
        }
      >
        <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
          <SearchField
            allowClear
            label={t.searchInClass}
            value={list.query}
            onChange={(e) => list.setQuery(e.target.value)}
            style={{ maxWidth: 360 }}
          />
          <div style={{ flex: 1 }} />
          <ImportButton
            checkMatches
            url={endpointPath('users', 'upload', { query: { classroomId } })}
            rejectedUrl={endpointPath('users', 'rejectedRows', { query: { classroomId } })}
            templateHref={downloadHref(endpointPath('users', 'template'))}
            doneText={importedText}
            onDone={imported}
          />
          <BulkCategoryButton userIds={selected} onDone={() => setSelected([])} />
          {canOpen(role, '/classroom/:classroomId/user/cards/:id') && (
            <CardRosterButton classroomId={classroomId} className={name} />
          )}
          <ExportButton
            href={downloadHref(endpointPath('users', 'export'), { classroomId })}
            label={words.pupilsExport}
            testId="pupils-export"
          />
        </Flex>
        <DataTable<UserRow>
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
          emptyText={list.debouncedQuery ? undefined : words.noPupils}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: true,
          }}
        />
      </Card>
      {invite.modal}
    </Space>
  );
}
