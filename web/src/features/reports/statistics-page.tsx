import type { SchoolStatistics } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Flex, Row, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { fromApiDate, toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { PieChart } from '../../ui/pie-chart.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { LoadFailed } from './report-card.tsx';
import { positiveId } from './report-params.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.reports.statistics;
const CHART_DELAY_MS = 100;
type Row = SchoolStatistics['rows'][number];

/** «4,5 (оценок: 12)», or a dash when nobody rated the period's meals. */
const ratingText = (r: { rating_average: number | null; ratings_total: number }) =>
  r.rating_average === null
    ? '—'
    : t.ratingValue(r.rating_average.toLocaleString('ru-RU', { minimumFractionDigits: 1 }), r.ratings_total);

/**
 * /report/school/statistics (docs/product.md, the observer): summary cards, three pies drawn 100 ms after the
 * data, and a row per school, for a school or all of them and a period (the month so far by
 * default). The dates are chosen first and applied with «Вывести»; the applied filter lives in the
 * link (schoolId, dateFrom, dateTo) and the report loads only when both dates are there.
 */
export function StatisticsPage() {
  const { params, setParams } = useListParams();
  const locked = useSession()?.school ?? null;
  const applied = {
    schoolId: locked ?? positiveId(params.schoolId) ?? undefined,
    dateFrom: params.dateFrom ?? toApiDate(dayjs().startOf('month')),
    dateTo: params.dateTo ?? toApiDate(dayjs()),
  };
  const [draft, setDraft] = useState<{ from: Dayjs | null; to: Dayjs | null; schoolId: number | null }>({
    from: fromApiDate(applied.dateFrom),
    to: fromApiDate(applied.dateTo),
    schoolId: applied.schoolId ?? null,
  });
  const ready = applied.dateFrom !== '' && applied.dateTo !== '';
  const report = useQuery({
    queryKey: ['report', 'statistics', applied],
    queryFn: ({ signal }) => callEndpoint('reports', 'statistics', { query: applied }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  // The pies appear a moment after the numbers (docs/product.md), so the cards show first on a slow machine.
  const [drawn, setDrawn] = useState<SchoolStatistics | null>(null);
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => setDrawn(data), CHART_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data]);

  const apply = () =>
    setParams({
      schoolId: locked === null ? draft.schoolId : null,
      dateFrom: draft.from ? toApiDate(draft.from) : null,
      dateTo: draft.to ? toApiDate(draft.to) : null,
    });
  const columns: TableColumnsType<Row> = [
    { key: 'school', title: t.school, render: (_, r) => nameText(r.school) },
    ...(
      [
        ['parents', t.parents, (r: Row) => r.parents_total],
        ['students', t.students, (r: Row) => r.students_total],
        ['vouchers', t.vouchers, (r: Row) => r.students_with_susn_total],
        ['due', t.due, (r: Row) => r.servings_received_total],
        ['served', t.served, (r: Row) => r.servings_received],
      ] as const
    ).map(([key, title, value]) => ({
      key,
      title,
      width: 130,
      align: 'right' as const,
      render: (_: unknown, r: Row) => value(r).toLocaleString('ru-RU'),
    })),
    {
      key: 'rating',
      title: t.rating,
      width: 150,
      align: 'right' as const,
      render: (_: unknown, r: Row) => ratingText(r),
    },
  ];

  return (
    <Card title={t.title} data-testid="statistics-page">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {locked === null && (
          <SchoolSelect
            value={draft.schoolId}
            onChange={(id) => setDraft((d) => ({ ...d, schoolId: id }))}
            allowAll
            allLabel={t.allSchools}
          />
        )}
        <DatePicker
          format="DD.MM.YYYY"
          aria-label={t.from}
          placeholder={t.from}
          value={draft.from}
          onChange={(v: Dayjs | null) => setDraft((d) => ({ ...d, from: v }))}
        />
        <DatePicker
          format="DD.MM.YYYY"
          aria-label={t.to}
          placeholder={t.to}
          value={draft.to}
          onChange={(v: Dayjs | null) => setDraft((d) => ({ ...d, to: v }))}
        />
        <Button type="primary" onClick={apply} disabled={!draft.from || !draft.to} data-testid="statistics-apply">
          {t.apply}
        </Button>
      </Flex>
      {!ready ? (
        <Alert type="info" showIcon title={t.chooseDates} />
      ) : report.isError ? (
        <LoadFailed report={report} />
      ) : (
        <>
          <Row gutter={[16, 16]} data-testid="statistics-cards" style={{ marginBottom: 24 }}>
            {(
              [
                [t.schools, data?.schools],
                [t.parents, data?.parents_total],
                [t.students, data?.students_total],
                [t.vouchers, data?.students_with_susn_total],
                [t.due, data?.servings_received_total],
                [t.served, data?.servings_received],
              ] as const
            ).map(([title, value]) => (
              <Col key={title} flex="1 1 150px">
                <Card size="small" style={{ height: '100%' }}>
                  <Statistic title={title} value={value ?? 0} loading={!data} groupSeparator=" " />
                </Card>
              </Col>
            ))}
            <Col flex="1 1 150px">
              <Card size="small" style={{ height: '100%' }} data-testid="statistics-rating">
                <Statistic title={t.rating} value={data ? ratingText(data) : ''} loading={!data} />
              </Card>
            </Col>
          </Row>
          {drawn && (
            <Flex gap={32} wrap justify="space-around" style={{ marginBottom: 24 }} data-testid="statistics-charts">
              <PieChart
                title={t.studentsAndParents}
                testId="statistics-parents-pie"
                slices={[
                  { label: t.withParents, value: drawn.students_with_parents_total, color: '#f0a500' },
                  {
                    label: t.withoutParents,
                    value: drawn.students_total - drawn.students_with_parents_total,
                    color: '#8fbc8f',
                  },
                ]}
              />
              <PieChart
                title={t.studentsAndVouchers}
                slices={[
                  {
                    label: t.withoutVoucher,
                    value: drawn.students_total - drawn.students_with_susn_total,
                    color: '#8fbc8f',
                  },
                  { label: t.vouchers, value: drawn.students_with_susn_total, color: '#1f6feb' },
                ]}
              />
              <PieChart
                title={t.dueAndServed}
                slices={[
                  {
                    label: t.served,
                    value: Math.min(drawn.servings_received, drawn.servings_received_total),
                    color: '#297a4c',
                  },
                  {
                    label: t.notServed,
                    value: Math.max(0, drawn.servings_received_total - drawn.servings_received),
                    color: '#d9534f',
                  },
                ]}
              />
            </Flex>
          )}
          <Table<Row>
            data-testid="statistics-table"
            size="small"
            rowKey={(r) => r.school.id}
            columns={columns}
            dataSource={data?.rows ?? []}
            loading={report.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </Card>
  );
}
