import type { UserRow } from '@tamaq/contract/users';
import { Card, Flex, Tooltip, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { Link, useLocation } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useDownloadHref } from '../../lib/download.ts';

import { ClassroomSelect } from '../../ui/classroom-select.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Thumb } from '../../ui/image-viewer.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useUsers } from './api/list-users.ts';
import { UserActions } from './user-actions.tsx';
import { withFrom } from './user-origin.ts';
import { positiveId } from './classroom-users-page.tsx';
import { useInvite } from './use-invite.tsx';
import { importedText, useImported } from './users-list-page.tsx';
import { WalletCategory } from './wallet-category.tsx';
import { endpointPath } from '../../lib/endpoint-client.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.users;
const c = t.columns;

/**
 * docs/product.md "Pupils" '/pupils' (super admin): every pupil, searched by name, IIN or card, filtered by school
 * and class, imported from Excel into the chosen school or class, with the social wallet dates.
 */
export function PupilsPage() {
  const downloadHref = useDownloadHref();
  const words = useStructureWords();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const list = useListParams();
  const schoolId = positiveId(list.params.schoolId);
  const classroomId = schoolId ? positiveId(list.params.classroomId) : null;
  const { setParams } = list;
  const chooseSchool = useCallback((id: number | null) => setParams({ schoolId: id, classroomId: null }), [setParams]);
  const chooseClassroom = useCallback((id: number | null) => setParams({ classroomId: id }), [setParams]);
  const invite = useInvite();
  const imported = useImported();
  const { data, isFetching, error, refetch } = useUsers({
    isPupils: true,
    schoolId,
    classroomId,
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });

  const columns: TableColumnsType<UserRow> = [
    { key: 'id', title: c.id, dataIndex: 'id', width: 80 },
    {
      key: 'photo',
      title: c.photo,
      width: 116,
      render: (_, row) => <Thumb url={row.image?.url} alt={row.name} size={64} />,
    },
    {
      key: 'name',
      title: c.name,
      render: (_, row) => <Link to={withFrom(`/user/${row.id}`, here)}>{row.name}</Link>,
    },
    { key: 'school', title: c.school, render: (_, row) => (row.school ? nameText(row.school) : '') },
    { key: 'bin', title: c.bin, render: (_, row) => row.school?.bin ?? '' },
    { key: 'classroom', title: c.classroom, render: (_, row) => (row.classroom ? nameText(row.classroom) : '') },
    { key: 'category', title: c.category, render: (_, row) => <WalletCategory row={row} /> },
    {
      key: 'actions',
      title: c.actions,
      width: 150,
      render: (_, row) => (
        <UserActions
          row={row}
          editTo={withFrom(`/user/${row.id}`, here)}
          canDelete={false}
          onInvite={() => invite.open(row)}
        />
      ),
    },
  ];

  return (
    <Card title={t.pupilsTitle} data-testid="pupils-page">
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        <SearchField
          allowClear
          label={t.searchPupils}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <SchoolSelect value={schoolId} onChange={chooseSchool} allowAll allLabel={t.allSchools} />
        <ClassroomSelect schoolId={schoolId} value={classroomId} onChange={chooseClassroom} allowAll />
        <div style={{ flex: 1 }} />
        <Tooltip title={schoolId ? undefined : t.chooseSchoolToImport}>
          <span>
            <ImportButton
              checkMatches
              url={endpointPath('users', 'upload', { query: { schoolId, classroomId } })}
              rejectedUrl={endpointPath('users', 'rejectedRows', { query: { schoolId, classroomId } })}
              templateHref={downloadHref(endpointPath('users', 'template'))}
              doneText={importedText}
              onDone={imported}
              disabled={!schoolId}
            />
          </span>
        </Tooltip>
        <ExportButton
          href={
            schoolId || classroomId ? downloadHref(endpointPath('users', 'export'), { schoolId, classroomId }) : null
          }
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
        emptyText={list.debouncedQuery ? undefined : t.noPupils}
      />
      {invite.modal}
    </Card>
  );
}
