import type { ManualRow } from '@tamaq/contract/manual-fixations';
import { MANUAL_COUNT_MAX } from '@tamaq/contract/manual-fixations';
import { Alert, Button, Checkbox, Flex, Input, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { Thumb } from '../../ui/image-viewer.tsx';
import { currentValue, isCounted, mayMark, serverValue, type Edits, type MarkMode } from './marks.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.manualFixation;

export interface ManualTableProps {
  /** 'school': class and food category columns; 'canteen': job title, and counts for endless cards. */
  kind: 'school' | 'canteen';
  rows: readonly ManualRow[] | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  edits: Edits;
  all: { checked: boolean; indeterminate: boolean };
  onSet: (id: number, value: number) => void;
  onToggleAll: () => void;
  /** A count's server message per row id. */
  rowErrors?: Record<number, string>;
  /** The row a scan just marked. */
  highlightId?: number | null;
  emptyText: ReactNode;
  disabled?: boolean;
  /** How many counts are typed wrong (kept as typed, not saved): the screen holds its save meanwhile. */
  onInvalidCounts?: (n: number) => void;
}

/** A count as typed: a whole number 0 (none) to the maximum, or empty (none); else null. */
const countOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= MANUAL_COUNT_MAX ? n : null;
};

/** Cells that depend only on the row itself: re-rendered when the list reloads, not on every mark. */
const sameRow = (a: ManualRow, b: ManualRow) => a !== b;

/**
 * The list of both manual fixation screens (docs/product.md "Manual fixation"): number, photo, name, class and
 * category (or job title), and the mark — a checkbox, or a count for an endless card in the canteen
 * flow — with a select-all checkbox in the header. The checkboxes are real inputs, so Tab moves
 * through them and Space toggles the focused one.
 */
export function ManualTable({
  kind,
  rows,
  loading,
  error,
  onRetry,
  edits,
  all,
  onSet,
  onToggleAll,
  rowErrors = {},
  highlightId,
  emptyText,
  disabled,
  onInvalidCounts,
}: ManualTableProps) {
  // Counts typed wrong (5000, -1, 2.5, «abc»): shown as typed with the message, never cut down.
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => onInvalidCounts?.(drafts.size), [drafts.size, onInvalidCounts]);
  const typeCount = (id: number, text: string) => {
    const n = countOf(text);
    setDrafts((d) => {
      if (n === null ? d.get(id) === text : !d.has(id)) return d;
      const next = new Map(d);
      if (n === null) next.set(id, text);
      else next.delete(id);
      return next;
    });
    if (n !== null) onSet(id, n);
  };
  const words = useStructureWords();
  const { token } = theme.useToken();
  const mode: MarkMode = { counts: kind === 'canteen', needsFoodCategory: kind === 'school' };

  const markCell = (row: ManualRow) => {
    const value = currentValue(row, edits, mode);
    if (isCounted(row, mode)) {
      const draft = drafts.get(row.id);
      const message = draft !== undefined ? t.countInvalid(MANUAL_COUNT_MAX) : rowErrors[row.id];
      return (
        <Flex vertical gap={2}>
          <Flex gap={8} align="center">
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={draft ?? (value > 0 ? String(value) : '')}
              placeholder={t.countPlaceholder}
              onChange={(e) => typeCount(row.id, e.target.value)}
              aria-label={t.countOf(row.name)}
              aria-invalid={draft !== undefined}
              status={message ? 'error' : undefined}
              disabled={disabled}
              style={{ width: 96 }}
            />
            <Tag color="purple" title={t.endlessHint} style={{ marginInlineEnd: 0 }}>
              ∞
            </Tag>
          </Flex>
          {message && <Typography.Text type="danger">{message}</Typography.Text>}
        </Flex>
      );
    }
    return (
      <Checkbox
        checked={value > 0}
        onChange={(e) => onSet(row.id, e.target.checked ? 1 : 0)}
        aria-label={t.markRow(row.name)}
        title={mayMark(row, mode) ? undefined : t.noFoodCategory}
        disabled={disabled || (value === 0 && !mayMark(row, mode))}
      />
    );
  };

  const columns: TableColumnsType<ManualRow> = [
    {
      key: 'number',
      title: t.columns.number,
      width: 56,
      align: 'right',
      shouldCellUpdate: sameRow,
      render: (_, __, index) => index + 1,
    },
    {
      key: 'photo',
      title: t.columns.photo,
      width: 64,
      shouldCellUpdate: sameRow,
      render: (_, row) => <Thumb url={row.image?.url} alt={row.name} />,
    },
    {
      key: 'name',
      title: t.columns.name,
      shouldCellUpdate: sameRow,
      render: (_, row) => (
        <span>
          {row.name}
          {kind === 'canteen' && row.endless_use && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t.endless}
            </Typography.Text>
          )}
        </span>
      ),
    },
    ...(kind === 'school'
      ? ([
          {
            key: 'classroom',
            title: words.classroom,
            shouldCellUpdate: sameRow,
            render: (_, row) => (row.classroom ? nameText(row.classroom) : '—'),
          },
          {
            key: 'category',
            title: t.columns.foodCategory,
            shouldCellUpdate: sameRow,
            render: (_, row) => row.foodCategory?.name ?? '—',
          },
        ] satisfies TableColumnsType<ManualRow>)
      : ([
          {
            key: 'job',
            title: t.columns.jobTitle,
            shouldCellUpdate: sameRow,
            render: (_, row) => row.job_title ?? '—',
          },
        ] satisfies TableColumnsType<ManualRow>)),
    {
      key: 'mark',
      width: kind === 'canteen' ? 170 : 140,
      title: (
        <Checkbox
          checked={all.checked}
          indeterminate={all.indeterminate}
          onChange={onToggleAll}
          disabled={disabled || !rows || rows.length === 0}
          aria-label={t.selectAll}
          data-testid="manual-select-all"
        >
          {t.columns.mark}
        </Checkbox>
      ),
      render: (_, row) => markCell(row),
    },
  ];

  const failed = error !== undefined && error !== null;
  const empty = loading ? (
    i18n.ui.loading
  ) : failed ? (
    <Alert
      type="error"
      showIcon
      title={errorText(error)}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {i18n.ui.table.retry}
          </Button>
        )
      }
      style={{ textAlign: 'start' }}
    />
  ) : (
    emptyText
  );

  return (
    <Table<ManualRow>
      data-testid="manual-table"
      size="middle"
      scroll={{ x: 'max-content' }}
      sticky
      columns={columns}
      rowKey="id"
      dataSource={failed ? [] : (rows as ManualRow[] | undefined)}
      loading={loading}
      pagination={false}
      locale={{ emptyText: empty }}
      onRow={(row) => {
        const value = currentValue(row, edits, mode);
        const changed = value !== serverValue(row, mode);
        const background =
          row.id === highlightId
            ? token.colorInfoBg
            : changed
              ? token.colorWarningBg
              : value > 0
                ? token.colorSuccessBg
                : undefined;
        return {
          style: background ? { background } : {},
          'data-marked': value > 0 ? 'true' : 'false',
          'data-changed': changed ? 'true' : 'false',
        } as React.HTMLAttributes<HTMLElement>;
      }}
    />
  );
}
