import { Trans } from '@lingui/react/macro';
import type { GroupView } from '../../../machines/group-buy/group-buy.types';
import type { OrderStatusName } from '../../../contract/endpoints/payment';
import { GroupBuyPaymentType } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import { useErrorText } from '../../i18n/use-error-text';

/**
 * The awaited order did not pay (docs/group-buy-web.md): the gateway refused it, it expired or it
 * was cancelled. Nothing was charged. A creator's group closed with it, so they start again; a
 * friend's seat was released, so they go back to the group and can pay again.
 */
export function PaymentFailed({
  orderStatus,
  creator,
  onBack,
}: {
  orderStatus: OrderStatusName | null;
  creator: boolean;
  onBack: () => void;
}) {
  const errorText = useErrorText();
  return (
    <div className="gb-message gb-message--warn" role="alert">
      <p>
        {orderStatus === 'expired' ? (
          errorText(Errors.ORDER_EXPIRED.code)
        ) : orderStatus === 'cancelled' ? (
          <Trans>The payment was cancelled. Nothing was charged.</Trans>
        ) : (
          <Trans>The payment did not go through. Nothing was charged.</Trans>
        )}{' '}
        {creator ? (
          <Trans>The group was not opened: start it again to pay once more.</Trans>
        ) : (
          <Trans>Your seat was released: go back to the group to pay again.</Trans>
        )}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onBack}>
        {creator ? <Trans>Start again</Trans> : <Trans>Back to the group</Trans>}
      </button>
    </div>
  );
}

/** What happened to the money and the memberships of a group that ended unfilled, for this reader. */
export function EndedMessage({ view }: { view: GroupView }) {
  const { group, membership } = view;
  const mine = membership?.myState;
  if (group.paymentType === GroupBuyPaymentType.PAY_ALL) {
    return (
      <p className="gb-message" role="status">
        {membership?.isCreator ? (
          <Trans>
            This group ended before every seat was taken. You keep your membership, and so does
            everyone who joined; each empty seat became a redeem code, listed in My group orders.
          </Trans>
        ) : mine === 'joined' ? (
          <Trans>
            This group ended before every seat was taken. You keep your membership, like the creator
            and everyone else who joined; the creator gets a redeem code for each empty seat.
          </Trans>
        ) : (
          <Trans>
            This group ended before every seat was taken. The creator and everyone who joined keep
            the membership; the creator gets a redeem code for each empty seat.
          </Trans>
        )}
      </p>
    );
  }
  return (
    <p className="gb-message" role="status">
      <Trans>This group ended before every seat was paid for. Every share paid is refunded.</Trans>{' '}
      {mine === 'refunded' && <Trans>Your payment has been refunded to the way you paid.</Trans>}
      {mine === 'refund_due' && <Trans>Your refund is being returned by our support team.</Trans>}
      {mine === 'paid' && <Trans>Your refund is on its way.</Trans>}
    </p>
  );
}
