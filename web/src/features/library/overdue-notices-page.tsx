import type { OverdueNoticeList, OverdueNoticeRow, OverdueNoticeStatus } from '@tamaq/contract/library';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Input, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { ru } from '../../i18n/ru.ts';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useListSchool } from '../../ui/resource-list.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';

const t = ru.library.notices;

const STATUS_COLOURS: Record<OverdueNoticeStatus, string> = {
  sent: 'green',
  no_parent: 'default',
  failed: 'red',
  pending: 'blue',
};

/** '/books/notices' (issue 11): the daily e-mails to parents about overdue copies, newest day first. */
export function OverdueNoticesPage() {
  const list = useListParams();
  const school = useListSchool(true, list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const params = { schoolId: school.schoolId, query: list.debouncedQuery, limit: list.limit, offset: list.offset };
  const notices = useQuery({
    queryKey: ['books', 'notices', params] as const,
    queryFn: ({ signal }) => api.get<OverdueNoticeList>('/api/books/notices', { ...params }, { signal }),
    enabled: school.schoolId !== null,
    placeholderData: keepPreviousData,
  });
  const noSchool = school.schoolId === null;
  return (
    <Card title={t.title} data-testid="overdue-notices-page">
      <Typography.Paragraph type="secondary">{t.about}</Typography.Paragraph>
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        {!school.locked && <SchoolSelect value={school.schoolId ?? null} onChange={chooseSchool} />}
        <Input.Search
          allowClear
          placeholder={t.search}
          aria-label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 420 }}
        />
      </Flex>
      {noSchool && !school.loading ? (
        <Alert type="info" showIcon title={t.chooseSchoolFirst} />
      ) : (
        <DataTable<OverdueNoticeRow>
          rowKey="id"
          rows={notices.data?.rows}
          total={notices.data?.total}
          loading={notices.isFetching}
          limit={list.limit}
          offset={list.offset}
          onPageChange={list.setOffset}
          error={notices.error}
          onRetry={() => void notices.refetch()}
          emptyText={list.debouncedQuery ? undefined : t.empty}
          columns={[
            { key: 'day', title: t.day, width: 110, render: (_, r) => formatDate(r.day) },
            {
              key: 'status',
              title: t.status,
              width: 150,
              render: (_, r) => (
                <Tag color={STATUS_COLOURS[r.status]} data-status={r.status} title={r.error ?? undefined}>
                  {t.statuses[r.status]}
                </Tag>
              ),
            },
            { key: 'student', title: t.student, render: (_, r) => r.user.name },
            { key: 'classroom', title: t.classroom, render: (_, r) => r.user.classroom?.name ?? '' },
            { key: 'book', title: t.book, render: (_, r) => r.book.name },
            {
              key: 'barcode',
              title: t.barcode,
              render: (_, r) => <Typography.Text code>{r.barcode}</Typography.Text>,
            },
            { key: 'expired_at', title: t.returnDate, width: 110, render: (_, r) => formatDate(r.expired_at) },
            { key: 'recipients', title: t.recipients, render: (_, r) => r.recipients.join(', ') },
          ]}
        />
      )}
    </Card>
  );
}
