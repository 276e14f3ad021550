import type { Key, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { DataTable, type DataColumn } from '../components/ui/data-table';
import { ErrorNotice } from '../components/error-notice';
import { errorCodeOf } from '../lib/api-error';
import { SmallButton } from './small-button';

interface Read {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A console read that failed: the refusal in the reader's language and a button to ask again. */
export function ReadFailure({ query }: { query: Read }) {
  return (
    <ErrorNotice
      className="console-alert"
      code={errorCodeOf(query.error)}
      retry={{ label: <Trans>Try again</Trans>, onClick: () => void query.refetch() }}
    />
  );
}

/** A console read on its way. */
export function Loading() {
  return (
    <p role="status">
      <span className="spinner" aria-hidden="true" /> <Trans>Loading…</Trans>
    </p>
  );
}

/**
 * A console list read by a query: its rows in the console's table (stacked below 960 px), a
 * spinner while it loads, and the refusal with a retry when the read failed.
 */
export function ConsoleTable<Row>({
  query,
  rows,
  columns,
  rowKey,
  caption,
  empty,
}: {
  /** The read the rows come from; without one, the rows are part of a read already shown. */
  query?: Read;
  rows: readonly Row[] | undefined;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  caption: ReactNode;
  empty: ReactNode;
}) {
  if (query?.isError) return <ReadFailure query={query} />;
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      className="console-table"
      caption={caption}
      loading={<Loading />}
      empty={<p>{empty}</p>}
    />
  );
}

/**
 * A list inside a record (a member's orders, an order's flags): its subtitle, then its table
 * captioned with the same words.
 */
export function RecordTable<Row>({
  title,
  ...table
}: { title: ReactNode } & Omit<Parameters<typeof ConsoleTable<Row>>[0], 'caption'>) {
  return (
    <>
      <h3 className="console-subtitle">{title}</h3>
      <ConsoleTable {...table} caption={title} />
    </>
  );
}

/**
 * The column of a row's buttons: its header is for screen readers only, and in stacked rows its
 * cell spans the row with no label.
 */
export function actionsColumn<Row>(header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return {
    key: 'actions',
    header,
    hideHeader: true,
    label: null,
    className: 'console-table__actions',
    cell: (row) => <div className="console-row-actions">{cell(row)}</div>,
  };
}

/**
 * The actions column of a list whose rows open a record (orders, groups, members, nodes): one
 * "Open" button a row, named for screen readers by `name` ("Open order K2026…").
 */
export function openColumn<Row>(
  header: string,
  name: (row: Row) => string,
  onOpen: (row: Row) => void,
): DataColumn<Row> {
  return actionsColumn(header, (row) => (
    <SmallButton label={name(row)} onClick={() => onOpen(row)}>
      <Trans context="a record">Open</Trans>
    </SmallButton>
  ));
}
