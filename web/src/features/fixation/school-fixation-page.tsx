import type { Fixation } from '@tamaq/contract/fixations';
import type { Role } from '@tamaq/contract/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { useSession } from '../../lib/use-session.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { schoolOptionsQuery, SchoolSelect } from '../../ui/school-select.tsx';
import { useIsMobile } from '../../ui/use-is-mobile.ts';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteFixation } from './api/delete-fixation.ts';
import { schoolFixationsKey, useSchoolFixations } from './api/list-school-fixations.ts';
import { fixationColumns } from './fixation-columns.tsx';
import { useFixationHistoryTable } from './fixation-history.tsx';
import { LiveBadge } from './live-badge.tsx';
import { ScanCard } from './scan-card.tsx';
import { ManualEntry, QueueBar, SoundToggle } from './scan-controls.tsx';
import { useLiveSchool } from './use-live-school.ts';
import { useScanStation } from './use-scan-station.ts';
import { useStationTarget } from '../../lib/use-station-target.ts';
import { reloadNow, useThrottledRefresh } from './use-throttled-refresh.ts';
import { TodayCount } from './today-count.tsx';
import { TodayRefusals } from './today-refusals-button.tsx';
import { useTodayRefusals } from './today-refusals.ts';
import { CurrentCategories } from './current-categories.tsx';
import { todayCountKey } from './api/today-count.ts';
import { schoolPaceKey } from './api/school-pace.ts';
import { QueuePace } from './queue-pace.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.fixation;
/** docs/product.md "Roles": the education admin may delete school visits; the kindergarten admin, theirs. */
const MAY_DELETE: readonly Role[] = ['EducationAdmin', 'EducationKindergartenAdmin'];
const classroomOf = (f: Fixation) => (f.classroom ? nameText(f.classroom) : null);

/**
 * /school/fixation (docs/product.md "Scanning at a school"): a school's visits, live. Scans at this screen record through the
 * scan queue; visits recorded anywhere else (another counter, the manual screen) arrive through
 * the websocket. A user tied to a school sees only that one; others pick when there are several.
 */
export function SchoolFixationPage() {
  const { message, notification } = App.useApp();
  const session = useSession();
  const words = useStructureWords();
  const queryClient = useQueryClient();
  const list = useListParams();
  const timeZone = useOrganizationTimeZone();
  const mobile = useIsMobile();

  const locked = session?.school ?? null;
  const schools = useQuery({ ...schoolOptionsQuery(), enabled: locked === null });
  const schoolRows = schools.data?.rows ?? [];
  const chosenSchool = useStationTarget(
    'school',
    session?.sub,
    schools.data?.rows.map((s) => s.id),
    Number(list.params.schoolId) || undefined,
  );
  const schoolId = locked ?? chosenSchool;

  const visits = useSchoolFixations({
    schoolId,
    query: list.debouncedQuery || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  const removeVisit = useDeleteFixation('school').mutateAsync;
  const refresh = useThrottledRefresh(
    useCallback(() => {
      reloadNow(queryClient, [schoolFixationsKey, todayCountKey, schoolPaceKey]);
    }, [queryClient]),
  );
  const live = useLiveSchool(schoolId, refresh);

  const noSchools = locked === null && schools.isSuccess && schoolRows.length === 0;
  const refusals = useTodayRefusals(schoolId === undefined ? null : `school:${schoolId}`, timeZone);
  const station = useScanStation({
    endpoint: 'recordSchool',
    body: (code) => (schoolId === undefined ? null : { cardId: code, schoolId }),
    unavailable: noSchools ? t.noSchools : null,
    onRecorded: refresh,
    onRefusal: ({ code, reason, person }) =>
      refusals.add({
        at: new Date().toISOString(),
        code,
        reason,
        name: person?.name || null,
        detail: person ? ((person.classroom && nameText(person.classroom)) ?? person.job_title ?? null) : null,
      }),
    onLateRefusal: (code, reason) =>
      notification.error({ title: t.queue.lateRefusal(code), description: reason, duration: 0 }),
  });
  useBarcodeScanner((code) => void station.submit(code), { reportShort: true, takeEarlyKeys: true });

  const mayDelete = session !== null && MAY_DELETE.includes(session.role);
  const columns = useMemo(
    () =>
      fixationColumns({
        detail: { title: words.classroom, value: classroomOf },
        timeZone,
        ...(mayDelete
          ? {
              onDelete: async (f: Fixation) => {
                await removeVisit(f.id);
                void message.success(t.history.deleted);
              },
            }
          : {}),
      }),
    [words.classroom, mayDelete, removeVisit, message, timeZone],
  );

  const historyTable = useFixationHistoryTable(columns, visits, list);

  const title = session?.role === 'EducationKindergartenAdmin' ? t.kindergartenTitle : t.schoolTitle;

  return (
    <Card
      title={title}
      data-testid="school-fixation-page"
      extra={
        <Flex gap={12} align="center">
          {!mobile && <LiveBadge status={live} />}
          <SoundToggle />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {noSchools && <Alert type="warning" showIcon title={t.noSchools} />}
        {/* A phone's card header has no room beside the title: the status goes first in the body. */}
        {mobile && <LiveBadge status={live} />}
        <Flex gap={12} wrap align="center">
          {locked === null && schoolRows.length > 1 && (
            <SchoolSelect
              value={schoolId}
              onChange={(id) => list.setParam('schoolId', id)}
              style={{ minWidth: 260, maxWidth: '100%' }}
            />
          )}
          <ManualEntry onSubmit={(code) => void station.submit(code)} disabled={schoolId === undefined} />
          <div style={{ marginLeft: 'auto' }}>
            <Flex gap={8} align="center" wrap>
              <TodayRefusals rows={refusals.rows} timeZone={timeZone} />
              <TodayCount kind="school" id={schoolId} />
            </Flex>
          </div>
        </Flex>
        <CurrentCategories school schoolId={schoolId} />
        <QueuePace schoolId={schoolId} />
        <QueueBar pending={station.pending} onRetry={station.retryNow} />
        <ScanCard feedback={station.feedback} sending={station.sending} detailOf={classroomOf} timeZone={timeZone} />
        <Flex gap={12} wrap align="center" justify="space-between">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t.history.title}
          </Typography.Title>
          <SearchField
            allowClear
            label={t.history.search}
            value={list.query}
            onChange={(e) => list.setQuery(e.target.value)}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        {historyTable}
      </Flex>
    </Card>
  );
}
