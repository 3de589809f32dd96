import type { Ratings } from '@tamaq/contract/ratings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { nameText } from '../../ui/content-name.tsx';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { LoadFailed } from './report-card.tsx';
import { positiveId } from './report-params.ts';

const t = i18n.reports.ratings;
const score = (v: number | null) => (v === null ? '—' : v.toFixed(2).replace('.', ','));

/**
 * /ratings (docs/rules.md "Ratings"): the parents' ratings of the meals in a period, averaged by
 * school, day and dish, and the newest comments with the meal's dishes — never who wrote them. The period and school live in the link.
 */
export function RatingsPage() {
  const session = useSession();
  const { params, setParams } = useListParams();
  const locked = session?.school ?? null;
  const schoolId = locked ?? positiveId(params.schoolId);
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().subtract(29, 'day'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const query = { schoolId: schoolId ?? undefined, dateFrom, dateTo };
  const report = useQuery({
    queryKey: ['ratings', query],
    queryFn: ({ signal }) => callEndpoint('ratings', 'list', { query }, { signal }),
    placeholderData: keepPreviousData,
  });
  const chooseSchool = useCallback((id: number | null) => setParams({ schoolId: id }), [setParams]);
  const data = report.data;
  const loading = report.isFetching;
  return (
    <Card title={t.title} data-testid="ratings-page">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {locked === null && <SchoolSelect value={schoolId} onChange={chooseSchool} allowAll allLabel={t.allSchools} />}
        <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
      </Flex>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      {report.isError ? (
        <LoadFailed report={report} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={48} wrap data-testid="ratings-totals">
            <Statistic title={t.average} value={data ? score(data.average) : ''} loading={!data} />
            <Statistic title={t.count} value={data?.count ?? 0} loading={!data} />
          </Flex>
          <Flex gap={16} wrap align="flex-start">
            <Table<Ratings['by_school'][number]>
              style={{ flex: '1 1 360px' }}
              size="small"
              title={() => t.bySchool}
              rowKey={(r) => r.school.id}
              loading={loading}
              pagination={false}
              dataSource={data?.by_school ?? []}
              locale={{ emptyText: t.none }}
              data-testid="ratings-by-school"
              columns={[
                { key: 'school', title: t.school, render: (_, r) => nameText(r.school) },
                {
                  key: 'average',
                  title: t.average,
                  align: 'right',
                  render: (_, r) => <strong>{score(r.average)}</strong>,
                },
                { key: 'count', title: t.count, align: 'right', render: (_, r) => r.count },
              ]}
            />
            <Table<Ratings['by_day'][number]>
              style={{ flex: '1 1 300px' }}
              size="small"
              title={() => t.byDay}
              rowKey="date"
              loading={loading}
              pagination={data && data.by_day.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
              dataSource={data?.by_day ?? []}
              locale={{ emptyText: t.none }}
              columns={[
                { key: 'date', title: t.date, render: (_, r) => formatDate(r.date) },
                { key: 'average', title: t.average, align: 'right', render: (_, r) => score(r.average) },
                { key: 'count', title: t.count, align: 'right', render: (_, r) => r.count },
              ]}
            />
          </Flex>
          <Table<Ratings['by_dish'][number]>
            size="small"
            title={() => t.byDish}
            rowKey={(r) => r.dish.id}
            loading={loading}
            pagination={data && data.by_dish.length > 30 ? { pageSize: 30, showSizeChanger: false } : false}
            dataSource={data?.by_dish ?? []}
            locale={{ emptyText: t.none }}
            data-testid="ratings-by-dish"
            columns={[
              { key: 'dish', title: t.dish, render: (_, r) => nameText(r.dish) },
              {
                key: 'average',
                title: t.average,
                align: 'right',
                sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0),
                render: (_, r) => <strong>{score(r.average)}</strong>,
              },
              {
                key: 'count',
                title: t.count,
                align: 'right',
                sorter: (a, b) => a.count - b.count,
                render: (_, r) => r.count,
              },
            ]}
          />
          <Table<Ratings['comments'][number]>
            size="small"
            title={() => t.comments}
            rowKey={(r, i) => `${r.date}-${i}`}
            loading={loading}
            pagination={data && data.comments.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            dataSource={data?.comments ?? []}
            locale={{ emptyText: t.none }}
            data-testid="ratings-comments"
            columns={[
              { key: 'date', title: t.date, width: 110, render: (_, r) => formatDate(r.date) },
              { key: 'school', title: t.school, render: (_, r) => (r.school ? nameText(r.school) : '—') },
              { key: 'score', title: t.score, width: 90, align: 'right', render: (_, r) => r.score },
              { key: 'comment', title: t.comment, render: (_, r) => r.comment },
              {
                key: 'dishes',
                title: t.dishes,
                render: (_, r) => r.dishes.map((d) => nameText(d)).join(', ') || '—',
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
