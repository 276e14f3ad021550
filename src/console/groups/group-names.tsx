import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ConsoleGroupState, SeatState } from '../../../contract/endpoints/console-groups';

/** Where a group is, in an operator's words (`void` is a group members never saw open). */
export function GroupStateName({ state }: { state: ConsoleGroupState }): ReactNode {
  switch (state) {
    case 'awaiting_payment':
      return <Trans>Awaiting the creator's payment</Trans>;
    case 'open':
      return <Trans context="a group buy">Open</Trans>;
    case 'finished':
      return <Trans context="a group buy">Finished</Trans>;
    case 'ended':
      return <Trans context="a group buy">Ended</Trans>;
    case 'void':
      return <Trans>Void: the creator never paid</Trans>;
  }
}

/** A seat's state, in an operator's words. */
export function SeatStateName({ state }: { state: SeatState }): ReactNode {
  switch (state) {
    case 'reserved':
      return <Trans>Reserved, awaiting payment</Trans>;
    case 'paid':
      return <Trans context="a seat">Paid</Trans>;
    case 'joined':
      return <Trans>Joined free</Trans>;
    case 'released':
      return <Trans>Released (not paid in time)</Trans>;
    case 'refunded':
      return <Trans context="a seat">Refunded</Trans>;
    case 'refund_due':
      return <Trans>Refund due by hand</Trans>;
  }
}

/** Who pays in a group (SPEC §3: 0 pay all, 1 pay self). */
export function PaymentTypeName({ paymentType }: { paymentType: 0 | 1 }): ReactNode {
  return paymentType === 0 ? (
    <Trans>The creator pays all</Trans>
  ) : (
    <Trans>Each pays their share</Trans>
  );
}
