import type { LoanStatus, OnHandList, OnHandRow } from '@tamaq/contract/library';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Input, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useListSchool } from '../../ui/resource-list.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';

const t = ru.library.onHands;

/** DOMAIN.md "Library": overdue red, due within 3 days amber, otherwise green. */
const STATUS_COLOURS: Record<LoanStatus, string> = { overdue: 'red', soon: 'gold', normal: 'green' };

/** '/books/onhands' (spec 2 §2): the copies students hold, soonest due first, coloured by status. */
export function OnHandsPage() {
  const list = useListParams();
  const school = useListSchool(true, list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const params = { schoolId: school.schoolId, query: list.debouncedQuery, limit: list.limit, offset: list.offset };
  const onHand = useQuery({
    queryKey: ['books', 'on-hand', params] as const,
    queryFn: ({ signal }) => api.get<OnHandList>('/api/books/on/hand', { ...params }, { signal }),
    enabled: school.schoolId !== null,
    placeholderData: keepPreviousData,
  });
  const noSchool = school.schoolId === null;
  return (
    <Card title={t.title} data-testid="on-hands-page">
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
        <DataTable<OnHandRow>
          rowKey="id"
          rows={onHand.data?.rows}
          total={onHand.data?.total}
          loading={onHand.isFetching}
          limit={list.limit}
          offset={list.offset}
          onPageChange={list.setOffset}
          error={onHand.error}
          onRetry={() => void onHand.refetch()}
          emptyText={list.debouncedQuery ? undefined : t.empty}
          columns={[
            { key: 'student', title: t.student, render: (_, r) => r.user.name },
            { key: 'classroom', title: t.classroom, render: (_, r) => r.user.classroom?.name ?? '' },
            { key: 'book', title: t.book, render: (_, r) => r.book.name },
            { key: 'authors', title: t.authors, render: (_, r) => r.book.authors },
            { key: 'publisher', title: t.publisher, render: (_, r) => r.book.publisher },
            { key: 'year', title: t.year, render: (_, r) => r.book.year, width: 70 },
            {
              key: 'barcode',
              title: t.barcode,
              render: (_, r) => (
                <Link to={`/books/${r.barcode_id}/histories`} title={t.history}>
                  <Typography.Text code>{r.barcode}</Typography.Text>
                </Link>
              ),
            },
            {
              key: 'expired_at',
              title: t.returnDate,
              width: 140,
              // The column the librarian looks for stays in view when the table scrolls sideways.
              fixed: 'right',
              render: (_, r) => (
                <Tag color={STATUS_COLOURS[r.status]} data-status={r.status} title={t.statuses[r.status]}>
                  {formatDate(r.expired_at)}
                </Tag>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
