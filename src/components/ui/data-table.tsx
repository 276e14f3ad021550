import type { Key, ReactNode } from 'react';
import './data-table.css';

export interface DataColumn<Row> {
  key: string;
  /** The column's name: its header, and the label its cells show in stacked rows. */
  header: string;
  /** The header is read by screen readers only (a column of buttons needs no visible name). */
  hideHeader?: boolean;
  /**
   * The label of the column's cells in stacked rows: the header unless given; `null` for none
   * (the cell then spans the row, as a column of buttons does).
   */
  label?: string | null;
  /** The cells are the rows' headers (`<th scope="row">`): what names each row. */
  rowHeader?: boolean;
  /** The class of the column's cells (alignment, numbers). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/**
 * How the rows read below 960 px: `label-column`, each row a block with its cells' labels in a
 * column of their own; `own`, labelled cells that the table's stylesheet arranges; `false`, a table
 * still (a few narrow columns).
 */
export type Stacking = 'label-column' | 'own' | false;

interface Props<Row> {
  columns: readonly DataColumn<Row>[];
  /** `undefined` while the rows load: `loading` shows instead of the table. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  loading?: ReactNode;
  /** The table's own class: its look (padding, borders) on top of the shared behaviour. */
  className: string;
  /** Names the table for screen readers (visually hidden). */
  caption?: ReactNode;
  stacked?: Stacking;
  /** A box around the table (a card that clips it), absent when the table stands alone. */
  wrapClassName?: string;
  /** The row of the reader's own item (this device), announced as current. */
  isCurrent?: (row: Row) => boolean;
}

/**
 * The SPA's one table: typed columns, an empty and a loading state, and rows that stack into
 * labelled blocks on a phone, so every list in the account area reads and behaves the same.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  loading = null,
  className,
  caption,
  stacked = 'label-column',
  wrapClassName,
  isCurrent,
}: Props<Row>) {
  if (rows === undefined) return loading;
  if (rows.length === 0) return empty;
  const classes = [
    'data-table',
    className,
    stacked && 'data-table--stacked',
    stacked === 'label-column' && 'data-table--label-column',
  ]
    .filter(Boolean)
    .join(' ');
  const table = (
    <table className={classes}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.hideHeader ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} aria-current={isCurrent?.(row) ? 'true' : undefined}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              const label = column.label === undefined ? column.header : column.label;
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? 'row' : undefined}
                  data-label={stacked && label !== null ? label : undefined}
                  className={column.className}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrapClassName ? <div className={wrapClassName}>{table}</div> : table;
}
