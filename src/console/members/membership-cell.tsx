import { Trans } from '@lingui/react/macro';
import type { MemberSummary } from '../../../contract/endpoints/console';
import { PlanName, useDateTime } from '../../components/formats';

/** A member's plan and until when, or a dash for none. */
export function MembershipCell({ member }: { member: MemberSummary }) {
  const dateTime = useDateTime();
  if (member.planType === null || member.expireTime === null)
    return <span className="console-muted">—</span>;
  return (
    <>
      <PlanName groupType={member.planType} />{' '}
      <span className="console-muted">
        <Trans>until {dateTime(member.expireTime)}</Trans>
      </span>
    </>
  );
}
