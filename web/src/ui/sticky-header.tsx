import type { TableColumnsType } from 'antd';
import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';
import './sticky-header.css';
import { SrOnly } from './sr-only.tsx';

/**
 * For a table whose header stays on top while its rows scroll (antd's `sticky`, which draws the
 * header as a table of its own above the table of rows): the rows' table gets a header of its own,
 * heard by a screen reader and not seen, so that each cell is read with its column's name; the
 * header that is seen is hidden from the reader, which would otherwise hear it twice. Give the
 * table `components={STICKY_HEADER_COMPONENTS}` inside `<StickyHeaderTitles columns={…}>`.
 */
const Titles = createContext<ReactNode[]>([]);

/** The columns that hold cells: a group's own columns in place of the group. */
function leaves<R>(columns: TableColumnsType<R>): TableColumnsType<R> {
  return columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c]));
}

export function StickyHeaderTitles<R>({ columns, children }: { columns: TableColumnsType<R>; children: ReactNode }) {
  return <Titles.Provider value={leaves(columns).map((c) => c.title as ReactNode)}>{children}</Titles.Provider>;
}

function SeenHeader(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead {...props} aria-hidden="true" />;
}

function RowsWithHeardHeader(props: HTMLAttributes<HTMLTableSectionElement>) {
  const titles = useContext(Titles);
  return (
    <>
      <thead className="tq-heard-header">
        <tr>
          {titles.map((title, i) => (
            <th key={i} scope="col">
              <SrOnly>{title}</SrOnly>
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...props} />
    </>
  );
}

export const STICKY_HEADER_COMPONENTS = { header: { wrapper: SeenHeader }, body: { wrapper: RowsWithHeardHeader } };
