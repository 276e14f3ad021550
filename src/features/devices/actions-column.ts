import type { DataColumn } from '../../components/ui/data-table';

/**
 * The last column of both device tables, all but its cells: a button per row, so the column is
 * named for screen readers only and its cells span a stacked row.
 */
export function actionsColumn(header: string): Omit<DataColumn<unknown>, 'cell'> {
  return { key: 'actions', header, hideHeader: true, label: null, className: 'devices-actions' };
}
