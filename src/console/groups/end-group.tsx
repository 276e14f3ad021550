import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  consoleGroupEnd,
  type ConsoleDataOf,
  type ConsoleGroup,
} from '../../../contract/endpoints/console';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { ReasonDialog } from '../reason-field';

type Ending = ConsoleDataOf<typeof consoleGroupEnd>;

function EndingText({ ending, paymentType }: { ending: Ending; paymentType: 0 | 1 }) {
  if (paymentType === 0)
    return (
      <Trans>
        The group has ended: those seated have their membership, and each unused seat became a
        redeem code for the creator.
      </Trans>
    );
  const { refunded, refundDue, retry } = ending;
  return (
    <Trans>
      The group has ended. Shares refunded through the gateway: {refunded}. To refund by hand (in
      the payment flags): {refundDue}. To be tried again by the ending job: {retry}.
    </Trans>
  );
}

/**
 * "End the group now" on an open group: a reason, then a fresh code when the last is older than 5
 * minutes (its refunds move money). The server ends it once, whoever else tries at the same moment.
 */
export function EndGroup({ group }: { group: ConsoleGroup }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [ending, setEnding] = useState<Ending | null>(null);
  const groupId = group.groupId;

  return (
    <>
      {group.state === 'open' && (
        <button type="button" className="btn btn-danger btn-small" onClick={() => setOpen(true)}>
          <Trans>End the group now</Trans>
        </button>
      )}
      {ending && (
        <p className="console-panel console-panel--notice card" role="status">
          <EndingText ending={ending} paymentType={group.paymentType} />
        </p>
      )}
      {open && (
        <ReasonDialog
          role="alertdialog"
          title={<Trans>End group {groupId} now?</Trans>}
          text={
            group.paymentType === 0 ? (
              <Trans>
                Those seated get their membership now and each unused seat becomes a redeem code for
                the creator. This cannot be undone.
              </Trans>
            ) : (
              <Trans>
                Every paid share is refunded through its gateway; nobody gets the membership. This
                cannot be undone.
              </Trans>
            )
          }
          label={<Trans>End the group</Trans>}
          danger
          cancelRef={cancelRef}
          refresh={[...CONSOLE_KEY, 'groups']}
          send={async (reason) =>
            setEnding(await consoleCall(consoleGroupEnd, { groupId, reason }))
          }
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
