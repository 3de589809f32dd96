import type { ReportPerson } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { useFoodCategoryOptions } from '../../lib/options.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { ClassroomSelect, classroomOptionsQuery } from '../../ui/classroom-select.tsx';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { SchoolSelect, schoolOptionsQuery } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { idList, positiveId } from './report-params.ts';
import { ReportCard } from './report-card.tsx';
import { ReportGrid, type LabelColumn } from './report-grid.tsx';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.reports;

/**
 * /report/school/fixations (docs/product.md; education admin, social teacher, observer, kindergarten admin):
 * which pupils of a school ate on each day of a period, a row per pupil and food category, with the
 * totals; a class and food categories narrow it. The filters live in the link, the school in
 * `canteenId` as the spec has it; a user locked to a school has no school picker.
 */
export function SchoolReportPage() {
  const downloadHref = useDownloadHref();
  const words = useStructureWords();
  const { params, setParam, setParams } = useListParams();
  const session = useSession();
  const locked = session?.school ?? null;
  const urlSchool = positiveId(params.canteenId);
  const schoolId = locked ?? urlSchool;
  const classroomId = positiveId(params.classroomId);
  const categoryIds = idList(params.categoriesIds);
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const ready = schoolId !== null && dateFrom !== '' && dateTo !== '';
  const query = {
    canteenId: schoolId ?? undefined,
    classroomId: classroomId ?? undefined,
    dateFrom,
    dateTo,
    categoriesIds: categoryIds.length ? categoryIds.join(',') : undefined,
  };
  const report = useQuery({
    queryKey: ['report', 'school', query],
    queryFn: ({ signal }) => callEndpoint('reports', 'school', { query }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const categories = useFoodCategoryOptions();
  const schools = useQuery(schoolOptionsQuery());
  const classes = useQuery(classroomOptionsQuery(schoolId));
  const chooseSchool = useCallback((id: number | null) => setParams({ canteenId: id, classroomId: null }), [setParams]);

  const labels = useMemo<LabelColumn<ReportPerson>[]>(
    () => [
      { key: 'n', title: t.number, width: 48, value: (_, i) => i + 1 },
      { key: 'name', title: t.name, width: 240, value: (u) => u.name },
      { key: 'class', title: words.classroom, width: 80, value: (u) => u.classroomName },
      { key: 'category', title: t.category, width: 130, value: (u) => u.categoryName },
      { key: 'card', title: t.card, width: 120, value: (u) => u.paymentCard },
    ],
    [words.classroom],
  );
  const data = report.data;
  const schoolRow = schools.data?.rows.find((x) => x.id === schoolId);
  const schoolName = schoolRow ? nameText(schoolRow) : '';
  const className = classes.data?.rows.find((x) => x.id === classroomId)?.name;
  const chosen = (categories.data?.rows ?? []).filter((x) => categoryIds.includes(x.id)).map((x) => nameText(x));

  return (
    <ReportCard
      title={session?.role === 'EducationKindergartenAdmin' ? i18n.nav.kgReport : i18n.nav.schoolReport}
      testId="school-report-page"
      filters={
        <>
          {locked === null && <SchoolSelect value={urlSchool} onChange={chooseSchool} />}
          <ClassroomSelect
            schoolId={schoolId}
            value={classroomId}
            onChange={(id) => setParam('classroomId', id)}
            allowAll
          />
          <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
          <Select<number[]>
            mode="multiple"
            data-testid="categories-select"
            aria-label={t.canteen.categories}
            placeholder={t.canteen.allCategories}
            loading={categories.isLoading}
            value={categoryIds}
            onChange={(ids) => setParam('categoriesIds', ids.join(','))}
            options={(categories.data?.rows ?? []).map((x) => ({ value: x.id, label: nameText(x) }))}
            optionFilterProp="label"
            allowClear
            style={{ minWidth: 240 }}
          />
        </>
      }
      download={ready ? downloadHref(endpointPath('reports', 'school'), { ...query, export: 1 }) : null}
      report={report}
      notice={!ready ? words.chooseSchool : null}
    >
      <ReportGrid<ReportPerson>
        labels={labels}
        data={data && { rows: data.users, days: data.days, total: data.total }}
        loading={report.isFetching}
        print={{
          heading: t.canteen.heading(`${schoolName}, ${formatDate(dateFrom)}–${formatDate(dateTo)}`),
          lines: [
            ...(className ? [`${words.classroom}: ${className}`] : []),
            t.canteen.categoriesLine(chosen.length ? chosen.join(', ') : t.canteen.all),
          ],
        }}
      />
    </ReportCard>
  );
}
