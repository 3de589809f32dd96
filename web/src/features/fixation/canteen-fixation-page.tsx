import type { Fixation } from '@tamaq/contract/fixations';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Select, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { useSession } from '../../lib/use-session.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteFixation } from './api/delete-fixation.ts';
import { useFixationCategoryOptions } from './api/list-fixation-categories.ts';
import { useScanCanteens } from './api/list-canteens.ts';
import { fixationsKey, useFixations } from './api/list-fixations.ts';
import { CurrentCategories } from './current-categories.tsx';
import { fixationColumns } from './fixation-columns.tsx';
import { useFixationHistoryTable } from './fixation-history.tsx';
import { ScanCard } from './scan-card.tsx';
import { ManualEntry, QueueBar, SoundToggle } from './scan-controls.tsx';
import { useScanStation } from './use-scan-station.ts';
import { useStationTarget } from '../../lib/use-station-target.ts';
import { reloadNow, useThrottledRefresh } from './use-throttled-refresh.ts';
import { TodayCount } from './today-count.tsx';
import { TodayRefusals } from './today-refusals-button.tsx';
import { useTodayRefusals } from './today-refusals.ts';
import { todayCountKey } from './api/today-count.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.fixation;
const jobTitle = (f: Fixation) => f.user.job_title;

/**
 * /fixation (docs/product.md "Scanning at a canteen", docs/product.md "States"): the canteen's counter. A scan (or a typed number) records a
 * visit through the offline-safe scan queue and shows the big card; the history below reloads.
 * The canteen picker appears only with more than one canteen; only the admin picks the category.
 */
export function CanteenFixationPage() {
  const { message, notification } = App.useApp();
  const session = useSession();
  const isAdmin = session?.role === 'Admin';
  const queryClient = useQueryClient();
  const list = useListParams();
  const timeZone = useOrganizationTimeZone();

  const canteens = useScanCanteens();
  const canteenRows = canteens.data?.rows ?? [];
  const canteenId = useStationTarget(
    'canteen',
    session?.sub,
    canteens.data?.rows.map((c) => c.id),
    Number(list.params.canteenId) || undefined,
  );
  const categories = useFixationCategoryOptions(isAdmin);
  const categoryRows = categories.data?.rows ?? [];
  // Taken from the URL as it is, not after the list loads: a scan in the first second must not fall
  // back to the schedule. A category that no longer exists is refused by the server, in red.
  const chosen = Number(list.params.fixationCategoryId);
  const categoryId = isAdmin && Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;

  const history = useFixations({
    canteenId,
    fixationCategoryId: categoryId,
    query: list.debouncedQuery || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  const removeVisit = useDeleteFixation('canteen').mutateAsync;
  const refresh = useThrottledRefresh(
    useCallback(() => {
      reloadNow(queryClient, [fixationsKey, todayCountKey]);
    }, [queryClient]),
  );

  const columns = useMemo(
    () =>
      fixationColumns({
        detail: { title: t.history.jobTitle, value: jobTitle },
        timeZone,
        onDelete: async (f) => {
          await removeVisit(f.id);
          void message.success(t.history.deleted);
        },
      }),
    [removeVisit, message, timeZone],
  );

  const historyTable = useFixationHistoryTable(columns, history, list);

  const noCanteens = canteens.isSuccess && canteenRows.length === 0;
  const refusals = useTodayRefusals(canteenId === undefined ? null : `canteen:${canteenId}`, timeZone);
  const station = useScanStation({
    endpoint: 'recordCanteen',
    body: (code) =>
      canteenId === undefined
        ? null
        : { cardId: code, canteenId, ...(categoryId !== undefined ? { fixationCategoryId: categoryId } : {}) },
    unavailable: noCanteens ? t.noCanteens : null,
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

  return (
    <Card title={t.canteenTitle} data-testid="fixation-page" extra={<SoundToggle />}>
      <Flex vertical gap={16}>
        {noCanteens && (
          <Alert
            type="warning"
            showIcon
            title={t.noCanteens}
            action={
              isAdmin && (
                <LinkButton size="small" to="/canteen/create">
                  {t.addCanteen}
                </LinkButton>
              )
            }
          />
        )}
        <Flex gap={12} wrap align="center">
          {canteenRows.length > 1 && (
            <Select
              size="large"
              aria-label={t.canteen}
              placeholder={t.chooseCanteen}
              value={canteenId}
              onChange={(id: number) => list.setParam('canteenId', id)}
              options={canteenRows.map((c) => ({ value: c.id, label: c.name }))}
              style={{ minWidth: 260, maxWidth: '100%' }}
              data-testid="canteen-select"
            />
          )}
          {isAdmin && (
            <Select
              size="large"
              aria-label={t.category}
              loading={categories.isLoading}
              value={categories.data ? (categoryId ?? 0) : undefined}
              onChange={(id: number) => list.setParam('fixationCategoryId', id || null)}
              options={[
                { value: 0, label: t.bySchedule },
                ...categoryRows.map((c) => ({ value: c.id, label: `${c.name} ${c.time_start}–${c.time_finish}` })),
              ]}
              style={{ minWidth: 220, maxWidth: '100%' }}
              data-testid="category-select"
            />
          )}
          <ManualEntry onSubmit={(code) => void station.submit(code)} disabled={canteenId === undefined} />
          <div style={{ marginLeft: 'auto' }}>
            <Flex gap={8} align="center" wrap>
              <TodayRefusals rows={refusals.rows} timeZone={timeZone} />
              <TodayCount kind="canteen" id={canteenId} />
            </Flex>
          </div>
        </Flex>
        <CurrentCategories />
        <QueueBar pending={station.pending} onRetry={station.retryNow} />
        <ScanCard feedback={station.feedback} sending={station.sending} detailOf={jobTitle} timeZone={timeZone} />
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
