import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { GroupView } from '../../../machines/group-buy/group-buy.types';
import { useMoney } from '../../components/formats';
import { Countdown } from './countdown';
import { GroupStateName, MemberStateName, PaymentTypeName, Seats } from './group-format';
import { InviteShare } from './invite-share';
import { Detail } from '../../components/ui/detail';

/**
 * One group as its invite page shows it: plan, creator (masked by the server), seats, the
 * countdown or its end, and, for the creator and members, their own seat and the invite link.
 * `children` holds what the page's state adds (Join buttons, a block's message).
 */
export function GroupPanel({
  view,
  remainingMs,
  ended,
  children,
}: {
  view: GroupView;
  remainingMs: number;
  /** The countdown ran out on this page (the server's state may still say open). */
  ended: boolean;
  children?: ReactNode;
}) {
  const money = useMoney();
  const { group, membership } = view;
  const seatPrice = money(group.seatPrice);
  const live = group.state === 'open' && !ended;
  const shareable =
    membership !== null && (group.state === 'open' || group.state === 'awaiting_payment');
  return (
    <section className="card gb-panel" aria-labelledby="gb-panel-title">
      <div className="gb-panel__head">
        <h2 id="gb-panel-title" className="gb-panel__title">
          {group.product}
        </h2>
        {live ? (
          <Countdown remainingMs={remainingMs} />
        ) : (
          <span className={`gb-state gb-state--${ended ? 'ended' : group.state}`}>
            {ended ? <Trans>Ended</Trans> : <GroupStateName state={group.state} />}
          </span>
        )}
      </div>
      <dl className="gb-facts">
        <Detail term={<Trans>Creator</Trans>}>
          {group.creator}{' '}
          {membership?.isCreator && (
            <span className="badge">
              <Trans>You</Trans>
            </span>
          )}
        </Detail>
        <dt>
          <Trans>Group ID</Trans>
        </dt>
        <dd className="gb-mono">{group.groupId}</dd>
        <Detail term={<Trans>Seats</Trans>}>
          <Seats taken={group.membersJoined} size={group.groupSize} />
        </Detail>
        <Detail term={<Trans>Payment</Trans>}>
          <PaymentTypeName paymentType={group.paymentType} />
        </Detail>
        <Detail term={<Trans>Price per seat</Trans>}>{seatPrice}</Detail>
        <Detail term={<Trans>Devices allowed</Trans>}>{group.devicesAllowed}</Detail>
        {membership && (
          <Detail term={<Trans>Your seat</Trans>}>
            {membership.isCreator && (
              <>
                <Trans>Creator</Trans>
                {' · '}
              </>
            )}
            <MemberStateName state={membership.myState} />
          </Detail>
        )}
      </dl>
      {children}
      {shareable && live && <InviteShare link={membership.inviteLink} />}
    </section>
  );
}
