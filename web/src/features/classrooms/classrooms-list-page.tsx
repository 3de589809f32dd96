import { EditOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import type { Classroom } from '@tamaq/contract/classrooms';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { formatDate } from '../../lib/dates.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { SchoolSelect, schoolOptionsQuery } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteClassroom } from './api/delete-classroom.ts';
import { classroomsExportHref, classroomsTemplateHref } from './api/download-classrooms.ts';
import { importClassroomsUrl, useClassroomsImported } from './api/import-classrooms.ts';
import { useClassrooms } from './api/list-classrooms.ts';
import { useClassroomTexts } from './use-classroom-texts.ts';

const a = ru.structure.actions;

/**
 * The school of the list: the profile's own when it is locked to one (no selector, spec 1 §2.20), else
 * the URL's `schoolId`, else the first school — without writing it to the URL, so that the back
 * button does not land on a page that picks the school again.
 */
function useListSchool(urlSchoolId: string | undefined) {
  const locked = useSession()?.school ?? null;
  const options = useQuery({ ...schoolOptionsQuery(), enabled: locked === null });
  const fromUrl = Number(urlSchoolId);
  if (locked !== null) return { schoolId: locked, locked: true, loading: false };
  const chosen = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : (options.data?.rows[0]?.id ?? null);
  return { schoolId: chosen, locked: false, loading: options.isLoading };
}

/** Spec 1 §2.20: the classes (groups) of a school with search, pages, add, import, export and delete. */
export function ClassroomsListPage() {
  const words = useStructureWords();
  const t = useClassroomTexts();
  const { message } = App.useApp();
  const list = useListParams();
  const { schoolId, locked, loading: schoolLoading } = useListSchool(list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const { data, isFetching, error, refetch } = useClassrooms({
    schoolId,
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteClassroom();
  const imported = useClassroomsImported();

  const columns: TableColumnsType<Classroom> = [
    {
      key: 'name',
      title: ru.structure.fields.name,
      render: (_, row) => (
        <Link to={`/classroom/${row.id}/users`} title={t.openPupils(row.name)}>
          {row.name}
        </Link>
      ),
    },
    { key: 'pupils', title: t.pupilsCount, dataIndex: 'pupils_count', width: 120, align: 'right' },
    { key: 'created', title: t.created, width: 130, render: (_, row) => formatDate(row.created_at) },
    {
      key: 'actions',
      title: a.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<EditOutlined />}
            to={`/classroom/${row.schoolId}/${row.id}`}
            aria-label={a.edit}
            title={a.edit}
          />
          <ConfirmDelete
            title={t.confirmDeleteClassroom}
            onConfirm={async () => {
              await remove.mutateAsync(row.id);
              void message.success(t.classroomDeleted);
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={words.classrooms}
      data-testid="classrooms-page"
      extra={
        <LinkButton
          type="primary"
          icon={<PlusOutlined />}
          to={schoolId ? `/classroom/${schoolId}/create` : '/classrooms'}
          disabled={!schoolId}
        >
          {t.addClassroom}
        </LinkButton>
      }
    >
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        {!locked && <SchoolSelect value={schoolId} onChange={chooseSchool} />}
        <Input.Search
          allowClear
          placeholder={t.searchClassrooms}
          aria-label={t.searchClassrooms}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <div style={{ flex: 1 }} />
        <ImportButton
          url={schoolId ? importClassroomsUrl(schoolId) : ''}
          templateHref={classroomsTemplateHref()}
          onDone={imported}
          disabled={!schoolId}
        />
        <Button
          icon={<FileExcelOutlined />}
          href={schoolId ? classroomsExportHref(schoolId) : undefined}
          disabled={!schoolId}
          data-testid="classrooms-export"
        >
          {a.export}
        </Button>
      </Flex>
      {schoolId === null && !schoolLoading ? (
        <Alert type="info" showIcon title={t.chooseSchoolFirst} />
      ) : (
        <DataTable<Classroom>
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
          emptyText={list.debouncedQuery ? undefined : t.noClassrooms}
        />
      )}
    </Card>
  );
}
