import { normaliseCardNumber } from '@tamaq/contract/cards';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Form, Select, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { useSession } from '../../lib/use-session.ts';
import { ClassroomSelect } from '../../ui/classroom-select.tsx';
import { SchoolSelect, schoolOptionsQuery } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { findCardHolder } from './api/find-card-holder.ts';
import { useFoodCategoryOptions } from '../../lib/options.ts';
import { schoolManualReady, useSaveSchoolManual, useSchoolManual } from './api/school-manual.ts';
import { ManualDatePicker } from './manual-date-picker.tsx';
import { ManualTable } from './manual-table.tsx';
import { buildSchoolSave, mayMark } from './marks.ts';
import { SaveBar } from './save-bar.tsx';
import { orgToday } from './today.ts';
import { parseUrlDate, positiveId } from './url-params.ts';
import { useMarks } from './use-marks.ts';
import { useSaveFlow } from './use-save-flow.ts';
import { useUnsavedGuard } from '../../ui/use-unsaved-guard.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.manualFixation;
const FIELDS = ['date', 'school_id', 'classroom_id', 'category_id'] as const;
const SCHOOL_MODE = { counts: false, needsFoodCategory: true };

/** The school of the screen: the profile's own when locked, else the URL's, else the first one. */
function useScreenSchool(urlSchoolId: string | undefined) {
  const locked = useSession()?.school ?? null;
  const options = useQuery({ ...schoolOptionsQuery(), enabled: locked === null });
  const count = options.data?.rows.length ?? 0;
  if (locked !== null) return { schoolId: locked, showPicker: false };
  const chosen = positiveId(urlSchoolId) ?? options.data?.rows[0]?.id ?? null;
  return { schoolId: chosen, showPicker: count > 1 };
}

/**
 * docs/product.md "Manual fixation": an education or kindergarten admin marks who ate on a date, by class and/or food
 * category; a scanned card marks its holder's row. Saving sets exactly the marked set of the list.
 */
export function SchoolManualPage() {
  const words = useStructureWords();
  const role = useSession()?.role;
  const texts = role === 'EducationKindergartenAdmin' ? t.kindergarten : t.school;
  const { message } = App.useApp();
  const { params, setParams } = useListParams();
  const { schoolId, showPicker } = useScreenSchool(params.schoolId);
  const today = orgToday();
  const date = parseUrlDate(params.date) ?? today;
  const classroomId = positiveId(params.classroomId);
  const categoryId = positiveId(params.categoryId);
  const filters = { date, schoolId, classroomId, categoryId };
  const ready = schoolManualReady(filters);
  const scope = JSON.stringify(filters);

  const foodCategories = useFoodCategoryOptions();
  const list = useSchoolManual(filters);
  const rows = ready ? list.data?.rows : undefined;
  const marks = useMarks(scope, rows, SCHOOL_MODE);
  const saveMutation = useSaveSchoolManual();
  const flow = useSaveFlow(scope, saveMutation.mutateAsync, FIELDS, marks.clear);
  useUnsavedGuard(marks.dirty > 0, i18n.manualFixation);

  const [highlight, setHighlight] = useState<{ id: number; at: number } | null>(null);
  useEffect(() => {
    if (!highlight) return;
    document
      .querySelector(`[data-testid="manual-table"] tr[data-row-key="${highlight.id}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlight]);

  // A mark made while a save is on its way would be wiped when the save clears the marks.
  const saving = useRef(false);
  useEffect(() => {
    saving.current = flow.saving;
  }, [flow.saving]);

  const { set } = marks;
  const onScan = useCallback(
    async (raw: string) => {
      const code = normaliseCardNumber(raw);
      if (!rows) {
        void message.info(ready ? i18n.ui.loading : texts.chooseFilter);
        return;
      }
      if (saving.current) {
        void message.info(t.scan.whileSaving);
        return;
      }
      try {
        const found = await findCardHolder(code);
        if (saving.current) {
          void message.info(t.scan.whileSaving);
          return;
        }
        if (found.kind === 'unknown') {
          void message.warning(t.scan.unknown(code));
          return;
        }
        if (found.kind === 'free') {
          void message.warning(t.scan.free(code));
          return;
        }
        const row = rows.find((r) => r.id === found.holder.id);
        if (!row) {
          void message.warning(t.scan.notInList(found.holder.name));
          return;
        }
        setHighlight({ id: row.id, at: Date.now() });
        if (!mayMark(row, SCHOOL_MODE)) {
          void message.warning(`${row.name}: ${t.noFoodCategory}`);
          return;
        }
        set(row.id, 1);
        void message.success(t.scan.marked(row.name));
      } catch (err) {
        void message.error(errorText(err) || t.scan.failed);
      }
    },
    [rows, ready, set, message, texts.chooseFilter],
  );
  useBarcodeScanner((code) => void onScan(code));

  const save = () => {
    if (!rows || schoolId === null) return;
    void flow.save(buildSchoolSave(rows, marks.edits, { date, schoolId, classroomId, categoryId }));
  };

  const fieldError = (name: (typeof FIELDS)[number]) =>
    flow.errors.fields[name] ? { validateStatus: 'error' as const, help: flow.errors.fields[name] } : {};
  const categoryOptions = useMemo(
    () => [
      { value: 0, label: t.allFoodCategories },
      ...(foodCategories.data?.rows ?? []).map((c) => ({ value: c.id, label: nameText(c) })),
    ],
    [foodCategories.data],
  );

  return (
    <Card title={t.schoolTitle} data-testid="school-manual-page">
      <Form layout="vertical" component={false}>
        <Flex gap={12} wrap align="start">
          {showPicker && (
            <Form.Item label={words.school} {...fieldError('school_id')} style={{ marginBottom: 12 }}>
              <SchoolSelect
                value={schoolId}
                onChange={(id) => setParams({ schoolId: id, classroomId: null })}
                style={{ width: 260 }}
              />
            </Form.Item>
          )}
          <Form.Item label={words.classroom} {...fieldError('classroom_id')} style={{ marginBottom: 12 }}>
            <ClassroomSelect
              schoolId={schoolId}
              value={classroomId}
              onChange={(id) => setParams({ classroomId: id })}
              allowAll
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label={t.foodCategory} {...fieldError('category_id')} style={{ marginBottom: 12 }}>
            <Select
              data-testid="food-category-select"
              aria-label={t.foodCategory}
              loading={foodCategories.isLoading}
              value={categoryId ?? 0}
              onChange={(v: number) => setParams({ categoryId: v === 0 ? null : v })}
              options={categoryOptions}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item label={t.date} {...fieldError('date')} style={{ marginBottom: 12 }}>
            <ManualDatePicker value={date} today={today} onChange={(d) => setParams({ date: d })} />
          </Form.Item>
        </Flex>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t.scan.hint}
      </Typography.Paragraph>
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
      {!ready ? (
        <Alert type="info" showIcon title={texts.chooseFilter} data-testid="manual-hint" />
      ) : (
        <>
          <ManualTable
            kind="school"
            rows={rows}
            loading={list.isFetching || flow.saving}
            error={list.error}
            onRetry={() => void list.refetch()}
            edits={marks.edits}
            all={marks.all}
            onSet={marks.set}
            onToggleAll={marks.toggleAll}
            highlightId={highlight?.id ?? null}
            emptyText={texts.empty}
            disabled={flow.saving}
          />
          <SaveBar
            dirty={marks.dirty}
            marked={marks.all.marked}
            total={rows?.length ?? 0}
            saving={flow.saving}
            onSave={save}
            disabled={!rows}
          />
        </>
      )}
    </Card>
  );
}
