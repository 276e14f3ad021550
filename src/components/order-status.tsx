/** An order's status in words: the store's pages and the console's. */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OrderStatusName } from '../../contract/endpoints/payment';

export function StatusName({ status }: { status: OrderStatusName }): ReactNode {
  switch (status) {
    case 'pending':
      return <Trans>Awaiting payment</Trans>;
    case 'paid':
      return <Trans>Paid</Trans>;
    case 'failed':
      return <Trans>Payment failed</Trans>;
    case 'expired':
      return <Trans>Expired</Trans>;
    case 'cancelled':
      return <Trans>Cancelled</Trans>;
    case 'refunded':
      return <Trans>Refunded</Trans>;
  }
}
