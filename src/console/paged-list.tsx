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

/** How many entries a page of a console list holds. */
export const CONSOLE_PAGE_SIZE = 25;

/**
 * A console list read page by page, newest first: its title with the count, whatever sits above
 * the table (a toggle), the table (captioned with the title unless told otherwise), and the pager
 * back to newer or on to older entries.
 */
export function PagedList<Row>({
  title,
  testId,
  query,
  columns,
  rowKey,
  caption = title,
  empty,
  page,
  onPage,
  children,
}: {
  title: ReactNode;
  /** The count's test id, for the journeys that read it. */
  testId: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: Paged<Row> | undefined };
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** The table's caption, when it is not the title. */
  caption?: ReactNode;
  empty: ReactNode;
  page: number;
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
        pageSize={CONSOLE_PAGE_SIZE}
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
