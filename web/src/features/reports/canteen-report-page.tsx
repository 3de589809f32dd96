import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import type { FixationReport, ReportPerson } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ru } from '../../i18n/ru.ts';
import { api } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { downloadHref } from '../../lib/download.ts';
import { useCanteenOptions, useFixationCategoryOptions } from '../../lib/options.ts';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { PrintedGrid, ReportGrid, type LabelColumn } from './report-grid.tsx';

const t = ru.reports;
const c = t.canteen;

const positiveId = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const idList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * /report/fixations (spec 2, admin and economist): who ate at a canteen on each day of a period, a
 * row per person and meal time, with each row's, each day's and the grand total; the same as .xlsx
 * and on A4 landscape paper. The filters live in the link (canteenId, dateFrom, dateTo,
 * categoriesIds), so a link reproduces the report; the period is the month so far by default.
 */
export function CanteenReportPage() {
  const list = useListParams();
  const { params, setParam, setParams } = list;
  const canteens = useCanteenOptions();
  const categories = useFixationCategoryOptions();
  const canteenId = positiveId(params.canteenId) ?? canteens.data?.rows[0]?.id ?? null;
  const categoryIds = idList(params.categoriesIds);
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const ready = canteenId !== null && dateFrom !== '' && dateTo !== '';
  const filter = {
    canteenId: canteenId ?? undefined,
    dateFrom,
    dateTo,
    categoriesIds: categoryIds.length ? categoryIds.join(',') : undefined,
  };
  const report = useQuery({
    queryKey: ['report', 'fixations', filter],
    queryFn: ({ signal }) => api.get<FixationReport>('/api/report/fixations', filter, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });

  const canteenName = canteens.data?.rows.find((x) => x.id === canteenId)?.name ?? '';
  const categoryNames = (categories.data?.rows ?? []).filter((x) => categoryIds.includes(x.id)).map((x) => x.name);
  const withClass = report.data?.users.some((u) => u.classroomName) ?? false;
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
  const data = report.data;
  const noCanteens = canteens.isSuccess && canteens.data.rows.length === 0;

  return (
    <Card
      title={c.title}
      data-testid="canteen-report-page"
      extra={
        <Flex gap={8}>
          <Button icon={<PrinterOutlined />} disabled={!data || report.isError} onClick={() => window.print()}>
            {t.print}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            href={ready ? downloadHref('/api/report/fixations', { ...filter, export: 1 }) : undefined}
            disabled={!ready || report.isError}
            data-testid="report-download"
          >
            {t.download}
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Select
          data-testid="canteen-select"
          aria-label={c.canteen}
          placeholder={c.chooseCanteen}
          loading={canteens.isLoading}
          value={canteenId ?? undefined}
          onChange={(id: number) => setParam('canteenId', id)}
          options={(canteens.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
        />
        <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
        <Select<number[]>
          mode="multiple"
          data-testid="categories-select"
          aria-label={c.categories}
          placeholder={c.allCategories}
          loading={categories.isLoading}
          value={categoryIds}
          onChange={(ids) => setParam('categoriesIds', ids.join(','))}
          options={(categories.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))}
          optionFilterProp="label"
          allowClear
          style={{ minWidth: 240 }}
        />
      </Flex>
      {noCanteens ? (
        <Alert type="info" showIcon title={c.noCanteens} />
      ) : !ready ? (
        <Alert type="info" showIcon title={t.choose} />
      ) : report.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(report.error)}
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              {ru.ui.table.retry}
            </Button>
          }
        />
      ) : (
        <ReportGrid<ReportPerson>
          testId="report-grid"
          labels={labels}
          rows={data?.users ?? []}
          rowKey={(u) => u.key}
          rowTotal={(u) => u.total}
          days={data?.days ?? []}
          total={data?.total ?? 0}
          loading={report.isFetching}
          empty={<Typography.Text type="secondary">{t.empty}</Typography.Text>}
        />
      )}
      {data && (
        <PrintedGrid<ReportPerson>
          heading={c.heading(canteenName, `${formatDate(dateFrom)}–${formatDate(dateTo)}`)}
          lines={[c.categoriesLine(categoryNames.length ? categoryNames.join(', ') : c.all)]}
          labels={labels}
          rows={data.users}
          rowKey={(u) => u.key}
          rowTotal={(u) => u.total}
          days={data.days}
          total={data.total}
        />
      )}
    </Card>
  );
}
