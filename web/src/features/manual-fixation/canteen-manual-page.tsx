import { Alert, Card, Flex, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useListParams } from '../../ui/use-list-params.ts';
import { canteenManualReady, useCanteenManual, useSaveCanteenManual } from './api/canteen-manual.ts';
import { useCanteenOptions, useFixationCategoryOptions } from '../../lib/options.ts';
import { ManualDatePicker } from './manual-date-picker.tsx';
import { ManualTable } from './manual-table.tsx';
import { buildCanteenSave } from './marks.ts';
import { SaveBar } from './save-bar.tsx';
import { orgToday } from './today.ts';
import { parseUrlDate, positiveId } from './url-params.ts';
import { useMarks } from './use-marks.ts';
import { useSaveFlow } from './use-save-flow.ts';
import { useUnsavedGuard } from '../../ui/use-unsaved-guard.ts';

const t = i18n.manualFixation;
const FIELDS = ['date', 'canteen_id', 'category_id'] as const;
const CANTEEN_MODE = { counts: true };

/**
 * docs/product.md "Manual fixation": the company admin marks which employees ate in a canteen in a meal category on a
 * date; an endless-card holder gets a number of servings (1–1000) instead of a mark.
 */
export function CanteenManualPage() {
  const { params, setParams } = useListParams();
  const canteens = useCanteenOptions();
  const categories = useFixationCategoryOptions();
  const today = orgToday();
  const date = parseUrlDate(params.date) ?? today;
  // The first canteen by default, without writing it to the URL (the back button stays useful).
  const canteenId = positiveId(params.canteenId) ?? canteens.data?.rows[0]?.id ?? null;
  const categoryId = positiveId(params.categoryId);
  const filters = { date, canteenId, categoryId };
  const ready = canteenManualReady(filters);
  const scope = JSON.stringify(filters);

  const list = useCanteenManual(filters);
  const rows = ready ? list.data?.rows : undefined;
  const marks = useMarks(scope, rows, CANTEEN_MODE);
  const saveMutation = useSaveCanteenManual();
  const flow = useSaveFlow(scope, saveMutation.mutateAsync, FIELDS, marks.clear);
  useUnsavedGuard(marks.dirty > 0, i18n.manualFixation);

  // Counts typed wrong in the table: nothing is saved until they are right.
  const [invalidCounts, setInvalidCounts] = useState(0);
  const save = () => {
    if (!rows || canteenId === null || categoryId === null || invalidCounts > 0) return;
    void flow.save(buildCanteenSave(rows, marks.edits, { date, canteenId, categoryId }));
  };

  const fieldError = (name: (typeof FIELDS)[number]) =>
    flow.errors.fields[name] ? { validateStatus: 'error' as const, help: flow.errors.fields[name] } : {};
  const canteenOptions = useMemo(
    () => (canteens.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name })),
    [canteens.data],
  );
  const categoryOptions = useMemo(
    () => [
      { value: 0, label: t.allFixationCategories },
      ...(categories.data?.rows ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} (${c.time_start}–${c.time_finish})`,
      })),
    ],
    [categories.data],
  );
  const noCanteens = canteens.isSuccess && canteens.data.rows.length === 0;

  return (
    <Card title={t.canteenTitle} data-testid="canteen-manual-page">
      <Form layout="vertical" component={false}>
        <Flex gap={12} wrap align="start">
          <Form.Item label={t.canteen} {...fieldError('canteen_id')} style={{ marginBottom: 12 }}>
            <Select
              data-testid="canteen-select"
              aria-label={t.canteen}
              placeholder={t.chooseCanteen}
              loading={canteens.isLoading}
              value={canteenId ?? undefined}
              onChange={(v: number) => setParams({ canteenId: v })}
              options={canteenOptions}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 280 }}
            />
          </Form.Item>
          <Form.Item label={t.fixationCategory} {...fieldError('category_id')} style={{ marginBottom: 12 }}>
            <Select
              data-testid="fixation-category-select"
              aria-label={t.fixationCategory}
              loading={categories.isLoading}
              value={categoryId ?? 0}
              onChange={(v: number) => setParams({ categoryId: v === 0 ? null : v })}
              options={categoryOptions}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item label={t.date} {...fieldError('date')} style={{ marginBottom: 12 }}>
            <ManualDatePicker value={date} today={today} onChange={(d) => setParams({ date: d })} />
          </Form.Item>
        </Flex>
      </Form>
      {flow.errors.general && (
        <Alert
          type="error"
          showIcon
          title={flow.errors.general}
          style={{ marginBottom: 12 }}
          data-testid="manual-error"
        />
      )}
      {flow.saved && marks.dirty === 0 && (
        <Alert
          type="success"
          showIcon
          title={t.saved(flow.saved)}
          style={{ marginBottom: 12 }}
          data-testid="manual-saved"
        />
      )}
      {noCanteens ? (
        <Alert type="info" showIcon title={t.noCanteens} data-testid="manual-hint" />
      ) : !ready ? (
        <Alert type="info" showIcon title={t.chooseFixationCategory} data-testid="manual-hint" />
      ) : (
        <>
          <ManualTable
            kind="canteen"
            rows={rows}
            loading={list.isFetching || flow.saving}
            error={list.error}
            onRetry={() => void list.refetch()}
            edits={marks.edits}
            all={marks.all}
            onSet={marks.set}
            onToggleAll={marks.toggleAll}
            rowErrors={flow.errors.rows}
            emptyText={t.canteenEmpty}
            disabled={flow.saving}
            onInvalidCounts={setInvalidCounts}
          />
          <SaveBar
            dirty={marks.dirty}
            marked={marks.all.marked}
            total={rows?.length ?? 0}
            saving={flow.saving}
            onSave={save}
            disabled={!rows || invalidCounts > 0}
          />
        </>
      )}
    </Card>
  );
}
