import type { ReportCategoryRow } from '@tamaq/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { SchoolSelect, schoolOptionsQuery } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { ReportCard } from './report-card.tsx';
import { ReportGrid, type LabelColumn } from './report-grid.tsx';
import { positiveId } from './report-params.ts';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.reports;

/**
 * /report/school/classroom/fixations (docs/product.md; the school report's roles): a school's portions by
 * class and food category on each day of a period, with the totals; .xlsx and A4 landscape paper.
 * The school and the period live in the link (schoolId, dateFrom, dateTo).
 */
export function ClassReportPage() {
  const downloadHref = useDownloadHref();
  const words = useStructureWords();
  const { params, setParams } = useListParams();
  const session = useSession();
  const locked = session?.school ?? null;
  const urlSchool = positiveId(params.schoolId);
  const schoolId = locked ?? urlSchool;
  const dateFrom = params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = params.dateTo ?? toApiDate(dayjs());
  const ready = schoolId !== null && dateFrom !== '' && dateTo !== '';
  const query = { schoolId: schoolId ?? undefined, dateFrom, dateTo };
  const report = useQuery({
    queryKey: ['report', 'classes', query],
    queryFn: ({ signal }) => callEndpoint('reports', 'byClass', { query }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const schools = useQuery(schoolOptionsQuery());
  const chooseSchool = useCallback((id: number | null) => setParams({ schoolId: id }), [setParams]);
  const labels = useMemo<LabelColumn<ReportCategoryRow>[]>(
    () => [
      { key: 'class', title: words.classroom, width: 110, value: (r) => r.classroomName },
      { key: 'category', title: t.category, width: 200, value: (r) => r.categoryName },
    ],
    [words.classroom],
  );
  const data = report.data;
  const schoolRow = schools.data?.rows.find((x) => x.id === schoolId);
  const schoolName = schoolRow ? nameText(schoolRow) : '';
  const title = session?.role === 'EducationKindergartenAdmin' ? i18n.nav.groupReport : i18n.nav.classroomReport;

  return (
    <ReportCard
      title={title}
      testId="class-report-page"
      filters={
        <>
          {locked === null && <SchoolSelect value={urlSchool} onChange={chooseSchool} />}
          <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
        </>
      }
      download={ready ? downloadHref(endpointPath('reports', 'byClass'), { ...query, export: 1 }) : null}
      report={report}
      notice={!ready ? words.chooseSchool : null}
    >
      <ReportGrid<ReportCategoryRow>
        labels={labels}
        data={data && { rows: data.categories, days: data.days, total: data.total }}
        loading={report.isFetching}
        print={{ heading: `${title}: ${schoolName}, ${formatDate(dateFrom)}–${formatDate(dateTo)}`, lines: [] }}
      />
    </ReportCard>
  );
}
