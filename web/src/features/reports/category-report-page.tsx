import type { ReportCategoryRow } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { i18n } from '../../i18n/texts.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { CanteenReportFilters, useCanteenReportFilter } from './canteen-filters.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportGrid, type LabelColumn } from './report-grid.tsx';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';

const t = i18n.reports;
const c = t.canteen;
const labels: LabelColumn<ReportCategoryRow>[] = [
  { key: 'category', title: t.category, width: 220, value: (r) => r.categoryName },
];

/**
 * /report/category/fixations (docs/product.md, admin and economist): a canteen's portions by meal time and
 * day over a period, with the totals; the same filters in the link as the canteen report, .xlsx and
 * A4 landscape paper.
 */
export function CategoryReportPage() {
  const downloadHref = useDownloadHref();
  const filter = useCanteenReportFilter();
  const report = useQuery({
    queryKey: ['report', 'category', filter.query],
    queryFn: ({ signal }) => callEndpoint('reports', 'byCategory', { query: filter.query }, { signal }),
    enabled: filter.ready,
    placeholderData: keepPreviousData,
  });
  const data = report.data;

  return (
    <ReportCard
      title={t.byCategory.title}
      testId="category-report-page"
      filters={<CanteenReportFilters filter={filter} />}
      download={
        filter.ready ? downloadHref(endpointPath('reports', 'byCategory'), { ...filter.query, export: 1 }) : null
      }
      report={report}
      notice={filter.noCanteens ? c.noCanteens : !filter.ready ? t.choose : null}
    >
      <ReportGrid<ReportCategoryRow>
        labels={labels}
        data={data && { rows: data.categories, days: data.days, total: data.total }}
        loading={report.isFetching}
        print={{ heading: t.byCategory.heading(filter.place), lines: [filter.categoriesLine] }}
      />
    </ReportCard>
  );
}
