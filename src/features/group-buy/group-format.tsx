import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { GroupState, MemberState } from '../../../contract/endpoints/group-buy';
import { GroupBuyPaymentType } from '../../../contract/enums';

/** SPEC §3 group-buy payment type: 0 pay all, 1 pay self. */
export function PaymentTypeName({ paymentType }: { paymentType: number }): ReactNode {
  return paymentType === GroupBuyPaymentType.PAY_ALL ? (
    <Trans>Creator pays for everyone</Trans>
  ) : (
    <Trans>Everyone pays their own share</Trans>
  );
}

/** Where a group is; SPEC §3's status (0 unfinished, 1 finished) is `finished` alone. */
export function GroupStateName({ state }: { state: GroupState }): ReactNode {
  switch (state) {
    case 'awaiting_payment':
      return <Trans>Awaiting the creator's payment</Trans>;
    case 'open':
      return <Trans>Open</Trans>;
    case 'finished':
      return <Trans>Finished</Trans>;
    case 'ended':
      return <Trans>Ended</Trans>;
  }
}

/** A member's own seat. */
export function MemberStateName({ state }: { state: MemberState }): ReactNode {
  switch (state) {
    case 'reserved':
      return <Trans>Seat reserved, awaiting payment</Trans>;
    case 'paid':
      return <Trans>Paid</Trans>;
    case 'joined':
      return <Trans>Joined (free seat)</Trans>;
    case 'released':
      return <Trans>Seat released (not paid in time)</Trans>;
    case 'refunded':
      return <Trans>Refunded</Trans>;
    case 'refund_due':
      return <Trans>Refund due: our support team returns it to you</Trans>;
  }
}

/** Seats as filled and empty dots with the count in words beside them. */
export function Seats({ taken, size }: { taken: number; size: number }) {
  return (
    <span className="gb-seats">
      <span className="gb-seats__dots" aria-hidden="true">
        {Array.from({ length: size }, (_, i) => (
          <span key={i} className={i < taken ? 'gb-seat gb-seat--taken' : 'gb-seat'} />
        ))}
      </span>
      <Trans>
        {taken} of {size} seats taken
      </Trans>
    </span>
  );
}
