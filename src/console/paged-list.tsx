import type { Key, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { DataColumn } from '../components/ui/data-table';
import { Pager } from '../components/ui/pager';
import { TextField } from '../components/ui/text-field';
import { TitledCard } from '../components/titled-card';
import { CountedTitle } from './console-filters';
import { ConsoleTable } from './console-table';

/** A paged read's answer: one page of items and how many match in all. */
interface Paged<Row> {
  readonly items: readonly Row[];
  readonly total: number;
}

/**
 * A console list read page by page, newest first: its title with the count, whatever sits above
 * the table (a toggle), the table, and the pager back to newer or on to older entries.
 */
export function PagedList<Row>({
  title,
  testId,
  query,
  columns,
  rowKey,
  caption,
  empty,
  page,
  pageSize,
  onPage,
  children,
}: {
  title: ReactNode;
  /** The count's test id, for the journeys that read it. */
  testId: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: Paged<Row> | undefined };
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  caption: ReactNode;
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  return (
    <TitledCard
      look="console-panel"
      title={<CountedTitle title={title} total={query.data?.total} testId={testId} />}
    >
      {children}
      <ConsoleTable
        query={query}
        rows={query.data?.items}
        columns={columns}
        rowKey={rowKey}
        caption={caption}
        empty={empty}
      />
      <Pager
        className="console-pager"
        page={page}
        total={query.data?.total ?? 0}
        pageSize={pageSize}
        onPage={onPage}
        back={<Trans>Newer</Trans>}
        forward={<Trans>Older</Trans>}
      />
    </TitledCard>
  );
}

/** The From and To days of a filter (each day whole, in the reader's time zone). */
export function DayRangeFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  return (
    <>
      <TextField label={<Trans>From</Trans>} type="date" value={from} onChange={onFrom} />
      <TextField label={<Trans>To</Trans>} type="date" value={to} onChange={onTo} />
    </>
  );
}
