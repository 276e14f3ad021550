import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  consoleGroupEnd,
  reasonField,
  type ConsoleDataOf,
  type ConsoleGroup,
} from '../../../contract/endpoints/console';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { FormDialog } from '../form-dialog';
import { ReasonField } from '../reason-field';

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
  const act = useConsoleAct([...CONSOLE_KEY, 'groups']);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<number | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const groupId = group.groupId;

  const submit = async () => {
    const refused = fieldError(reasonField, reason);
    setReasonError(refused);
    if (refused !== null) return;
    const ended = await act.run(async () =>
      setEnding(await consoleCall(consoleGroupEnd, { groupId, reason })),
    );
    if (ended) setOpen(false);
  };

  return (
    <>
      {group.state === 'open' && (
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => {
            setReason('');
            setReasonError(null);
            act.setFailure(null);
            setOpen(true);
          }}
        >
          <Trans>End the group now</Trans>
        </button>
      )}
      {ending && (
        <p className="console-panel console-panel--notice card" role="status">
          <EndingText ending={ending} paymentType={group.paymentType} />
        </p>
      )}
      {open && (
        <FormDialog
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
          pending={act.pending}
          failure={act.failure}
          cancelRef={cancelRef}
          onCancel={() => setOpen(false)}
          onSubmit={() => void submit()}
        >
          <ReasonField value={reason} onChange={setReason} error={reasonError} />
        </FormDialog>
      )}
    </>
  );
}
