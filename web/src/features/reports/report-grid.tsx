import type { ReportDay } from '@tamaq/contract/reports';
import { Table, Typography, type TableColumnsType } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { PrintOnly } from '../../ui/print-only.tsx';
import { STICKY_HEADER_COMPONENTS, StickyHeaderTitles } from '../../ui/sticky-header.tsx';
import { useTableAccess } from '../../ui/table-access.ts';

const t = i18n.reports;

/** The naming columns that stay in view (№ and the name) while the days scroll sideways. */
const FROZEN = 2;

/** A column that names the row (who, which class or category) left of the days. */
export interface LabelColumn<R> {
  key: string;
  title: string;
  width: number;
  value: (row: R, index: number) => string | number | null;
}

/** A row of a report: its key in the days' cells and its period total. */
export interface GridRow {
  key: string;
  total: number;
}

export interface ReportGridProps<R extends GridRow> {
  labels: LabelColumn<R>[];
  /** The loaded report (rows, days and the grand total), undefined while it loads. */
  data: { rows: R[]; days: ReportDay[]; total: number } | undefined;
  loading: boolean;
  /** The printed sheet's heading and the filter lines under it. */
  print: { heading: string; lines: string[] };
  testId?: string;
}

/**
 * A report's grid on screen: the naming columns and the total stay in view while the days scroll
 * sideways, the header stays on top, and the «Итого» row holds each day's total and the grand total.
 */
export function ReportGrid<R extends GridRow>({
  labels,
  data,
  loading,
  print,
  testId = 'report-grid',
}: ReportGridProps<R>) {
  const rows = data?.rows ?? [];
  const days = data?.days ?? [];
  const total = data?.total ?? 0;
  const columns: TableColumnsType<R> = [
    ...labels.map((l, i) => ({
      key: l.key,
      title: l.title,
      width: l.width,
      fixed: i < FROZEN ? ('left' as const) : undefined,
      ellipsis: true,
      render: (_: unknown, row: R, index: number) => l.value(row, index),
    })),
    ...days.map((d) => ({
      key: d.date,
      title: d.name,
      width: 54,
      align: 'center' as const,
      render: (_: unknown, row: R) => d.rows[row.key] ?? '',
    })),
    {
      key: 'total',
      title: t.total,
      width: 72,
      align: 'right' as const,
      fixed: 'right' as const,
      render: (_: unknown, row: R) => <strong>{row.total}</strong>,
    },
  ];
  const box = useTableAccess<HTMLDivElement>(t.grid);
  return (
    <div ref={box}>
      <StickyHeaderTitles columns={columns}>
        <Table<R>
          data-testid={testId}
          size="small"
          bordered
          columns={columns}
          rowKey="key"
          dataSource={rows}
          loading={loading}
          pagination={false}
          sticky
          components={STICKY_HEADER_COMPONENTS}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
          summary={() =>
            rows.length === 0 ? null : (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid={`${testId}-totals`}>
                  {/* The label spans only the frozen columns, so it stays in view while the days scroll. */}
                  <Table.Summary.Cell index={0} colSpan={Math.min(FROZEN, labels.length)}>
                    <strong>{t.total}</strong>
                  </Table.Summary.Cell>
                  {labels.length > FROZEN && <Table.Summary.Cell index={FROZEN} colSpan={labels.length - FROZEN} />}
                  {days.map((d, i) => (
                    <Table.Summary.Cell key={d.date} index={labels.length + i} align="center">
                      {d.total || ''}
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={labels.length + days.length} align="right">
                    <strong>{total}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
        />
      </StickyHeaderTitles>
      {data && (
        <PrintedGrid
          heading={print.heading}
          lines={print.lines}
          labels={labels}
          rows={rows}
          days={days}
          total={total}
        />
      )}
    </div>
  );
}

const PRINT_CSS = `
.tamaq-report h1 { font-size: 12pt; margin: 0 0 1mm; }
.tamaq-report p { font-size: 9pt; margin: 0 0 3mm; }
.tamaq-report table { border-collapse: collapse; width: 100%; font-size: 7pt; }
.tamaq-report th, .tamaq-report td { border: 0.2mm solid #000; padding: 0.5mm 1mm; }
.tamaq-report td.n, .tamaq-report th.n { text-align: center; }
.tamaq-report thead { display: table-header-group; }
/* The grand total once, after the last row: as a footer group it would repeat on every page. */
.tamaq-report tfoot { display: table-row-group; }
.tamaq-report tr { break-inside: avoid; }
.tamaq-report tfoot td { font-weight: bold; }
`;

/** The same grid as paper: A4 landscape, the filters in the heading, every row, the totals last. */
function PrintedGrid<R extends GridRow>({
  heading,
  lines,
  labels,
  rows,
  days,
  total,
}: {
  heading: string;
  lines: string[];
  labels: LabelColumn<R>[];
  rows: R[];
  days: ReportDay[];
  total: number;
}) {
  return (
    <PrintOnly page="A4 landscape" margin="8mm" css={PRINT_CSS} testId="report-print">
      <section className="tamaq-report">
        <h1>{heading}</h1>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <table>
          <thead>
            <tr>
              {labels.map((l) => (
                <th key={l.key}>{l.title}</th>
              ))}
              {days.map((d) => (
                <th key={d.date} className="n">
                  {d.name}
                </th>
              ))}
              <th className="n">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.key}>
                {labels.map((l) => (
                  <td key={l.key}>{l.value(row, i)}</td>
                ))}
                {days.map((d) => (
                  <td key={d.date} className="n">
                    {d.rows[row.key] ?? ''}
                  </td>
                ))}
                <td className="n">{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={labels.length}>{t.total}</td>
              {days.map((d) => (
                <td key={d.date} className="n">
                  {d.total || ''}
                </td>
              ))}
              <td className="n">{total}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </PrintOnly>
  );
}
