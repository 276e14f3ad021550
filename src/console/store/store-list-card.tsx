import type { ComponentProps, ReactNode } from 'react';
import { TitledCard } from '../../components/titled-card';
import type { Refusal } from '../../lib/api-error';
import { ConsoleTable } from '../console-table';
import { RefusalNotice } from '../form-dialog';
import { SmallButton } from '../small-button';

/**
 * A store list in its card (plans, promo codes, redeem batches): the button that opens the dialog
 * making a new one, the refusal of the last act on a row, the table, then what belongs under it
 * (the open dialog).
 */
export function StoreListCard<Row>({
  title,
  newLabel,
  onNew,
  failure = null,
  children,
  ...table
}: ComponentProps<typeof ConsoleTable<Row>> & {
  title: ReactNode;
  /** The button's label ("Add a plan"). */
  newLabel: ReactNode;
  onNew: () => void;
  failure?: Refusal | null;
  children?: ReactNode;
}) {
  return (
    <TitledCard look="console-panel" title={title}>
      <p>
        <SmallButton onClick={onNew}>{newLabel}</SmallButton>
      </p>
      <RefusalNotice failure={failure} />
      <ConsoleTable {...table} />
      {children}
    </TitledCard>
  );
}
