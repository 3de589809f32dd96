import type { WalletMark } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback } from 'react';
import { appLanguage, i18n } from '../../i18n/texts.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { formatCost } from '../../lib/money.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { ReportCard } from './report-card.tsx';
import { positiveId } from './report-params.ts';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';
import { lineOf, money, PrintedWallet, type Line } from './wallet-print.tsx';
import { useTableAccess } from '../../ui/table-access.ts';
import { STICKY_HEADER_COMPONENTS, StickyHeaderTitles } from '../../ui/sticky-header.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.reports.wallet;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function Mark({ mark }: { mark: WalletMark }) {
  if (mark === 'none') return null;
  return mark === 'served' ? (
    <Typography.Text type="success" title={t.servedMark} strong>
      +
    </Typography.Text>
  ) : (
    <Typography.Text type="danger" title={t.missedMark} strong>
      −
    </Typography.Text>
  );
}

/** «ноябрь 2026» for 2026-11. */
const monthName = (month: string) => dayjs(`${month}-01`).locale(appLanguage()).format('MMMM YYYY');

/**
 * /report/school/social-wallet (beyond the spec; the school reports' roles): the document a school
 * sends to be paid for state social-wallet meals. For a school and a month, each school day: who was
 * due a meal, who was served (+) and who was not (−), per class and for the school, with the amount
 * due at the cost each meal was served at; .xlsx and A4 landscape paper with the signature lines.
 */
export function WalletReportPage() {
  const downloadHref = useDownloadHref();
  const words = useStructureWords();
  const { params, setParams } = useListParams();
  const locked = useSession()?.school ?? null;
  const urlSchool = positiveId(params.schoolId);
  const schoolId = locked ?? urlSchool;
  const month = params.month && MONTH.test(params.month) ? params.month : dayjs().format('YYYY-MM');
  // A month still to come has no school day yet: nobody is due a meal, which is not «nobody is due».
  const future = month > dayjs().format('YYYY-MM');
  const ready = schoolId !== null && !future;
  const query = { schoolId: schoolId ?? undefined, month };
  const report = useQuery({
    queryKey: ['report', 'wallet', query],
    queryFn: ({ signal }) => callEndpoint('reports', 'wallet', { query }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const chooseSchool = useCallback((id: number | null) => setParams({ schoolId: id }), [setParams]);
  const data = report.data;
  const lines = data ? lineOf(data) : [];
  const days = data?.days ?? [];
  const heading = data ? t.heading(nameText(data.school), monthName(data.month)) : '';

  const columns: TableColumnsType<Line> = [
    {
      key: 'n',
      title: i18n.reports.number,
      width: 44,
      fixed: 'left',
      render: (_, l) => (l.kind === 'pupil' ? l.n : ''),
    },
    {
      key: 'name',
      title: i18n.reports.name,
      width: 220,
      fixed: 'left',
      ellipsis: true,
      render: (_, l) => (l.kind === 'pupil' ? l.pupil.name : <strong>{t.classTotal(l.name)}</strong>),
    },
    {
      key: 'class',
      title: words.classroom,
      width: 70,
      render: (_, l) => (l.kind === 'pupil' ? l.className : ''),
    },
    ...days.map((d, i) => ({
      key: d,
      title: d.slice(8, 10),
      width: 40,
      align: 'center' as const,
      render: (_: unknown, l: Line) =>
        l.kind === 'pupil' ? <Mark mark={l.pupil.marks[i]!} /> : l.entitled[i] ? `${l.served[i]}/${l.entitled[i]}` : '',
    })),
    {
      key: 'due',
      title: t.due,
      width: 86,
      align: 'right',
      render: (_, l) => (l.kind === 'pupil' ? l.pupil.due : l.due),
    },
    {
      key: 'served',
      title: t.served,
      width: 86,
      align: 'right',
      render: (_, l) => (l.kind === 'pupil' ? l.pupil.servedTotal : l.servedTotal),
    },
    {
      key: 'amount',
      title: t.amount,
      width: 110,
      align: 'right',
      fixed: 'right',
      render: (_, l) => <strong>{money(l.kind === 'pupil' ? l.pupil.amount : l.amount)}</strong>,
    },
  ];

  // A day nobody was due a meal stays blank in every line, as in the pupils' rows.
  const daily = <V,>(cells: V[]) => cells.map((c, i) => (data?.entitled[i] ? c : ''));
  const dayLine = (label: string, cells: (string | number)[], tail: [string | number, string | number, string]) => (
    <Table.Summary.Row key={label}>
      {/* № and the name are frozen: the label spans only them, so it stays in view. */}
      <Table.Summary.Cell index={0} colSpan={2}>
        <strong>{label}</strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={2} />
      {cells.map((c, i) => (
        <Table.Summary.Cell key={days[i]} index={3 + i} align="center">
          {c}
        </Table.Summary.Cell>
      ))}
      {tail.map((c, i) => (
        <Table.Summary.Cell key={i} index={3 + days.length + i} align="right">
          <strong>{c}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );

  const gridBox = useTableAccess<HTMLDivElement>(i18n.reports.grid);
  return (
    <ReportCard
      title={t.title}
      testId="wallet-report-page"
      filters={
        <>
          {locked === null && <SchoolSelect value={urlSchool} onChange={chooseSchool} />}
          <DatePicker
            picker="month"
            format="MMMM YYYY"
            allowClear={false}
            aria-label={t.month}
            value={dayjs(`${month}-01`)}
            onChange={(m: Dayjs | null) => m && setParams({ month: m.format('YYYY-MM') })}
            data-testid="wallet-month"
          />
        </>
      }
      download={ready ? downloadHref(endpointPath('reports', 'wallet'), { ...query, export: 1 }) : null}
      report={report}
      notice={schoolId === null ? words.chooseSchool : future ? t.notStarted(monthName(month)) : null}
    >
      {data && (
        <Flex gap={32} wrap style={{ marginBottom: 16 }} data-testid="wallet-summary">
          <Statistic title={t.due} value={data.due} />
          <Statistic title={t.served} value={data.servedTotal} />
          <Statistic title={t.missed} value={data.due - data.servedTotal} />
          <Statistic title={t.amountDue} value={formatCost(data.amount)} />
        </Flex>
      )}
      <div ref={gridBox}>
        <StickyHeaderTitles columns={columns}>
          <Table<Line>
            data-testid="wallet-grid"
            size="small"
            bordered
            columns={columns}
            rowKey="key"
            dataSource={lines}
            loading={report.isFetching}
            pagination={false}
            sticky
            components={STICKY_HEADER_COMPONENTS}
            scroll={{ x: 'max-content' }}
            rowClassName={(l) => (l.kind === 'class' ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
            summary={() =>
              !data || lines.length === 0 ? null : (
                <Table.Summary>
                  {dayLine(t.due, daily(data.entitled), [data.due, '', ''])}
                  {dayLine(t.served, daily(data.served), ['', data.servedTotal, ''])}
                  {dayLine(t.missed, daily(data.entitled.map((e, i) => e - data.served[i]!)), [
                    data.due - data.servedTotal,
                    '',
                    '',
                  ])}
                  {dayLine(t.amount, daily(data.amounts.map(money)), ['', '', money(data.amount)])}
                </Table.Summary>
              )
            }
          />
        </StickyHeaderTitles>
      </div>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t.legend}
        </Typography.Paragraph>
      )}
      {data && <PrintedWallet heading={heading} report={data} lines={lines} classroom={words.classroom} />}
    </ReportCard>
  );
}
