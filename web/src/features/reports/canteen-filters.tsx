import { Select } from 'antd';
import dayjs from 'dayjs';
import { i18n } from '../../i18n/texts.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { useCanteenOptions, useFixationCategoryOptions } from '../../lib/options.ts';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { idList, positiveId } from './report-params.ts';

const t = i18n.reports;
const c = t.canteen;

/**
 * The filters of the canteen reports, kept in the link (canteenId, dateFrom, dateTo, categoriesIds)
 * so a link reproduces the report: the first canteen and the month so far by default, every meal
 * time when none is chosen.
 */
export function useCanteenReportFilter() {
  const { params, setParam, setParams } = useListParams();
  const canteens = useCanteenOptions();
  const categories = useFixationCategoryOptions();
  const canteenId = positiveId(params.canteenId) ?? canteens.data?.rows[0]?.id ?? null;
  const categoryIds = idList(params.categoriesIds);
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const chosen = (categories.data?.rows ?? []).filter((x) => categoryIds.includes(x.id)).map((x) => x.name);
  return {
    canteens,
    categories,
    canteenId,
    categoryIds,
    dateFrom,
    dateTo,
    ready: canteenId !== null && dateFrom !== '' && dateTo !== '',
    noCanteens: canteens.isSuccess && canteens.data.rows.length === 0,
    /** The query of the report's call. */
    query: {
      canteenId: canteenId ?? undefined,
      dateFrom,
      dateTo,
      categoriesIds: categoryIds.length ? categoryIds.join(',') : undefined,
    },
    /** The printed heading's place and period, and its line of categories. */
    place: `${canteens.data?.rows.find((x) => x.id === canteenId)?.name ?? ''}, ${formatDate(dateFrom)}–${formatDate(dateTo)}`,
    categoriesLine: c.categoriesLine(chosen.length ? chosen.join(', ') : c.all),
    setParam,
    setParams,
  };
}
export type CanteenReportFilter = ReturnType<typeof useCanteenReportFilter>;

/** The canteen, the period and the meal times of a canteen report. */
export function CanteenReportFilters({ filter: f }: { filter: CanteenReportFilter }) {
  return (
    <>
      <Select
        data-testid="canteen-select"
        aria-label={c.canteen}
        placeholder={c.chooseCanteen}
        loading={f.canteens.isLoading}
        value={f.canteenId ?? undefined}
        onChange={(id: number) => f.setParam('canteenId', id)}
        options={(f.canteens.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 220 }}
      />
      <PeriodPicker from={f.dateFrom} to={f.dateTo} onChange={(p) => f.setParams({ dateFrom: p.from, dateTo: p.to })} />
      <Select<number[]>
        mode="multiple"
        data-testid="categories-select"
        aria-label={c.categories}
        placeholder={c.allCategories}
        loading={f.categories.isLoading}
        value={f.categoryIds}
        onChange={(ids) => f.setParam('categoriesIds', ids.join(','))}
        options={(f.categories.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))}
        optionFilterProp="label"
        allowClear
        style={{ minWidth: 240 }}
      />
    </>
  );
}
