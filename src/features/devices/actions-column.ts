import type { ReactNode } from 'react';
import type { DataColumn } from '../../components/ui/data-table';

/** The last column of both device tables: a button per row, the column named for screen readers. */
export function actionsColumn<Row>(header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return {
    key: 'actions',
    header,
    hideHeader: true,
    label: null,
    className: 'devices-actions',
    cell,
  };
}
