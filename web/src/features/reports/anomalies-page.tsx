import type { AnomalyReport } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback, type ReactNode } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { LoadFailed } from './report-card.tsx';
import { positiveId } from './report-params.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.reports.anomalies;
/** Company roles work with canteens: no school to choose. */
const SCHOOL_ROLES = new Set(['EducationAdmin', 'EducationObserver', 'EducationKindergartenAdmin']);

type CardTwice = AnomalyReport['cardTwice'][number];
type Crowded = AnomalyReport['crowdedClasses'][number];
type Manual = AnomalyReport['manualOutside'][number];

/** One kind of anomaly: its title with the count, why it is suspicious, and its rows. */
function Section<R>(props: {
  title: string;
  hint: string;
  testId: string;
  rows: R[] | undefined;
  limit: number;
  loading: boolean;
  columns: TableColumnsType<R>;
  rowKey: (r: R, i?: number) => string;
}): ReactNode {
  const n = props.rows?.length ?? 0;
  return (
    <Card
      size="small"
      data-testid={props.testId}
      title={
        <Tooltip title={props.hint}>
          <Flex gap={8} align="center">
            {props.title}
            <Badge count={n} showZero color={n ? '#d4380d' : '#237804'} overflowCount={999} />
          </Flex>
        </Tooltip>
      }
    >
      <Table<R>
        size="small"
        columns={props.columns}
        dataSource={props.rows ?? []}
        rowKey={props.rowKey}
        loading={props.loading}
        pagination={n > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t.none}</Typography.Text> }}
      />
      {n >= props.limit && <Typography.Text type="secondary">{t.limited(props.limit)}</Typography.Text>}
    </Card>
  );
}

/**
 * /report/anomalies (beyond the spec): what a controller would look into in a period — one card
 * scanned at two places within 10 minutes, a class with more visits in a meal time than pupils,
 * visits marked by hand outside every meal time. The period and the school live in the link.
 */
export function AnomaliesPage() {
  const words = useStructureWords();
  const session = useSession();
  const timeZone = useOrganizationTimeZone();
  const { params, setParams } = useListParams();
  const locked = session?.school ?? null;
  const bySchool = session !== null && SCHOOL_ROLES.has(session.role) && locked === null;
  const schoolId = locked ?? positiveId(params.schoolId);
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const query = { schoolId: schoolId ?? undefined, dateFrom, dateTo };
  const report = useQuery({
    queryKey: ['report', 'anomalies', query],
    queryFn: ({ signal }) => callEndpoint('reports', 'anomalies', { query }, { signal }),
    placeholderData: keepPreviousData,
  });
  const chooseSchool = useCallback((id: number | null) => setParams({ schoolId: id }), [setParams]);
  const data = report.data;
  const time = (iso: string) => formatVisitTime(iso, timeZone);
  const place = (p: { name: string }) => p.name;
  const common = { limit: data?.limit ?? Infinity, loading: report.isFetching };

  const twice: TableColumnsType<CardTwice> = [
    { key: 'card', title: t.card, render: (_, r) => r.card },
    { key: 'name', title: i18n.reports.name, render: (_, r) => r.user.name },
    { key: 'first', title: t.first, render: (_, r) => `${time(r.first.at)}, ${place(r.first.place)}` },
    { key: 'second', title: t.second, render: (_, r) => `${time(r.second.at)}, ${place(r.second.place)}` },
    { key: 'minutes', title: t.minutes, align: 'right', render: (_, r) => r.minutes },
  ];
  const crowded: TableColumnsType<Crowded> = [
    { key: 'date', title: t.date, render: (_, r) => formatDate(r.date) },
    { key: 'school', title: t.school, render: (_, r) => nameText(r.school) },
    { key: 'class', title: words.classroom, render: (_, r) => r.classroom.name },
    { key: 'meal', title: t.mealTime, render: (_, r) => r.category ?? '—' },
    { key: 'visits', title: t.visits, align: 'right', render: (_, r) => <strong>{r.visits}</strong> },
    { key: 'pupils', title: t.pupils, align: 'right', render: (_, r) => r.pupils },
  ];
  const manual: TableColumnsType<Manual> = [
    { key: 'at', title: t.at, render: (_, r) => time(r.at) },
    { key: 'name', title: i18n.reports.name, render: (_, r) => r.user.name },
    { key: 'place', title: t.place, render: (_, r) => place(r.place) },
    { key: 'by', title: t.markedBy, render: (_, r) => r.markedBy ?? '—' },
  ];

  return (
    <Card title={t.title} data-testid="anomalies-page">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {bySchool && <SchoolSelect value={schoolId} onChange={chooseSchool} allowAll allLabel={t.allSchools} />}
        <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
      </Flex>
      {report.isError ? (
        <LoadFailed report={report} />
      ) : (
        <Flex vertical gap={16}>
          <Section<CardTwice>
            title={t.cardTwice}
            hint={t.cardTwiceHint}
            testId="anomalies-card-twice"
            rows={data?.cardTwice}
            {...common}
            columns={twice}
            rowKey={(r) => `${r.card}-${r.second.at}`}
          />
          <Section<Crowded>
            title={t.crowded}
            hint={t.crowdedHint}
            testId="anomalies-crowded"
            rows={data?.crowdedClasses}
            {...common}
            columns={crowded}
            rowKey={(r) => `${r.date}-${r.classroom.id}-${r.category ?? ''}`}
          />
          <Section<Manual>
            title={t.manual}
            hint={t.manualHint}
            testId="anomalies-manual"
            rows={data?.manualOutside}
            {...common}
            columns={manual}
            rowKey={(r) => String(r.id)}
          />
        </Flex>
      )}
    </Card>
  );
}
