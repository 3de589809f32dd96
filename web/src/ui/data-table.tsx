import { Alert, Button, Table, type TableColumnsType, type TableProps } from 'antd';
import { isValidElement, useEffect, useMemo, type CSSProperties, type Key, type ReactNode } from 'react';
import { i18n } from '../i18n/texts.ts';
import { errorText, retryHelps } from '../lib/api-error.ts';
import { Pager } from './pager.tsx';
import { pageCount } from './pagination.ts';
import { useTableAccess } from './table-access.ts';
import { useIsMobile } from './use-is-mobile.ts';

type PassThrough<T> = Omit<TableProps<T>, 'columns' | 'rowKey' | 'dataSource' | 'loading' | 'pagination'>;

export interface DataTableProps<T> extends PassThrough<T> {
  columns: TableColumnsType<T>;
  rowKey: (keyof T & string) | ((row: T) => Key);
  rows: readonly T[] | undefined;
  total: number | undefined;
  loading: boolean;
  limit: number;
  offset: number;
  onPageChange: (offset: number) => void;
  emptyText?: ReactNode;
  /** The load's error (a query's `error`): shown with a retry instead of "no data". */
  error?: unknown;
  onRetry?: () => void;
}

/** A cell's text wraps past this width (a 250-character name), so the row's actions stay in view. */
const CELL: CSSProperties = { maxWidth: '28rem', overflowWrap: 'anywhere' };

/** A legacy antd render result (`{children, props}`): left as it is. */
const isRenderedCell = (v: unknown) =>
  typeof v === 'object' && v !== null && !isValidElement(v) && 'children' in v && 'props' in v;

/**
 * On a phone the name comes first: a photo column (`key: 'photo'`) goes after the column that
 * follows it (the name), so the row is known without scrolling the table sideways.
 */
function nameFirst<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const out = [...columns];
  const at = out.findIndex((col) => col.key === 'photo');
  if (at >= 0 && at + 1 < out.length && out[at + 1]!.key !== 'actions') {
    const [photo] = out.splice(at, 1);
    out.splice(at + 1, 0, photo!);
  }
  return out;
}

/**
 * Every cell's content in a block that wraps long text, and the row actions (`key: 'actions'`)
 * fixed to the right edge: however long a name, the table fits its card and edit and delete stay
 * on screen. On a phone the actions scroll with the row instead (fixed, they would take most of
 * 320 px from the name) and the name comes first. Column groups are left as they are.
 */
function wrapping<T>(columns: TableColumnsType<T>, phone: boolean): TableColumnsType<T> {
  return (phone ? nameFirst(columns) : columns).map((col) => {
    if ('children' in col) return col;
    if (col.key === 'actions') return phone ? col : { fixed: 'right' as const, ...col };
    const render = col.render;
    return {
      ...col,
      render: (value: unknown, row: T, index: number) => {
        const out = render ? render(value, row, index) : (value as ReactNode);
        return isRenderedCell(out) ? out : <div style={CELL}>{out as ReactNode}</div>;
      },
    };
  });
}

/**
 * The list of every back-office screen: antd Table without its own pagination, our Pager below
 * (the server pages with limit/offset), a spinner over the rows while loading, long text wrapped
 * with the row actions kept in view, and a horizontal scroll instead of squeezed columns on a narrow
 * screen. Extra Table props (rowSelection, onRow,
 * size...) pass through.
 */
export function DataTable<T extends object>({
  columns,
  rowKey,
  rows,
  total,
  loading,
  limit,
  offset,
  onPageChange,
  emptyText,
  error,
  onRetry,
  ...rest
}: DataTableProps<T>) {
  const count = total ?? 0;
  const phone = useIsMobile();
  const shown = useMemo(() => wrapping(columns, phone), [columns, phone]);

  // Deleting the last row of the last page leaves the user on an empty page: step back to the
  // last page that still has rows.
  useEffect(() => {
    if (loading || count === 0 || offset < count) return;
    onPageChange((pageCount(count, limit) - 1) * limit);
  }, [loading, count, offset, limit, onPageChange]);

  const box = useTableAccess<HTMLDivElement>();
  const failed = error !== undefined && error !== null;
  // No rows yet is not no rows: a list whose query waits (its school still loading, a slow network)
  // says it is loading, never «nothing here».
  const empty =
    loading || (rows === undefined && !failed) ? (
      i18n.ui.loading
    ) : failed ? (
      <Alert
        type="error"
        showIcon
        title={errorText(error)}
        action={
          onRetry &&
          retryHelps(error) && (
            <Button size="small" onClick={onRetry}>
              {i18n.ui.table.retry}
            </Button>
          )
        }
        style={{ textAlign: 'start' }}
      />
    ) : (
      (emptyText ?? i18n.ui.table.empty)
    );

  return (
    <div ref={box}>
      <Table<T>
        size="middle"
        scroll={{ x: 'max-content' }}
        {...rest}
        columns={shown}
        rowKey={rowKey as TableProps<T>['rowKey']}
        dataSource={rows as T[] | undefined}
        loading={loading}
        pagination={false}
        locale={{ emptyText: empty, ...rest.locale }}
      />
      <Pager total={count} limit={limit} offset={offset} onChange={onPageChange} />
    </div>
  );
}
