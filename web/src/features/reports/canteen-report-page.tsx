import type { ReportPerson } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { CanteenReportFilters, useCanteenReportFilter } from './canteen-filters.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportGrid, type LabelColumn } from './report-grid.tsx';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';

const t = i18n.reports;
const c = t.canteen;
/**
 * /report/fixations (docs/product.md, admin and economist): who ate at a canteen on each day of a period, a
 * row per person and meal time, with each row's, each day's and the grand total; the same as .xlsx
 * and on A4 landscape paper. The filters live in the link, so a link reproduces the report.
 */
export function CanteenReportPage() {
  const downloadHref = useDownloadHref();
  const filter = useCanteenReportFilter();
  const report = useQuery({
    queryKey: ['report', 'fixations', filter.query],
    queryFn: ({ signal }) => callEndpoint('reports', 'canteen', { query: filter.query }, { signal }),
    enabled: filter.ready,
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const withClass = data?.users.some((u) => u.classroomName) ?? false;
  const labels = useMemo<LabelColumn<ReportPerson>[]>(
    () => [
      { key: 'n', title: t.number, width: 48, value: (_, i) => i + 1 },
      { key: 'name', title: t.name, width: 240, value: (u) => u.name },
      ...(withClass
        ? [{ key: 'class', title: t.classroom, width: 90, value: (u: ReportPerson) => u.classroomName }]
        : []),
      { key: 'category', title: t.category, width: 130, value: (u) => u.categoryName },
      { key: 'card', title: t.card, width: 120, value: (u) => u.paymentCard },
      { key: 'watch', title: t.watch, width: 110, value: (u) => u.watchName },
    ],
    [withClass],
  );

  return (
    <ReportCard
      title={c.title}
      testId="canteen-report-page"
      filters={<CanteenReportFilters filter={filter} />}
      download={filter.ready ? downloadHref(endpointPath('reports', 'canteen'), { ...filter.query, export: 1 }) : null}
      report={report}
      notice={filter.noCanteens ? c.noCanteens : !filter.ready ? t.choose : null}
    >
      <ReportGrid<ReportPerson>
        labels={labels}
        data={data && { rows: data.users, days: data.days, total: data.total }}
        loading={report.isFetching}
        print={{ heading: c.heading(filter.place), lines: [filter.categoriesLine] }}
      />
    </ReportCard>
  );
}
