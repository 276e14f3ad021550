import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { bulkDaysField, consoleBulkExtend, reasonField } from '../../../contract/endpoints/console';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SubmitButton } from '../../components/ui/submit-button';
import { TitledCard } from '../../components/titled-card';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, activeMembersQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { ReasonField } from '../reason-field';
import { DaysField } from './days-field';
import { useSubmissionKey } from './submission-key';
import { RefusalNotice } from '../form-dialog';

/**
 * Outage compensation (users.bulk): how many members are active now, the days (1 to 90) and a
 * reason, a confirmation, then once for every active member, through step-up.
 */
export function OutageCompensation() {
  const act = useConsoleAct([...CONSOLE_KEY, 'members']);
  const key = useSubmissionKey();
  const active = useQuery(activeMembersQuery);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'days' | 'reason'>>({});
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ extended: number; days: number } | null>(null);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      days: fieldError(bulkDaysField, days),
      reason: fieldError(reasonField, reason),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const apply = async () => {
    await act.run(async () => {
      const result = await consoleCall(consoleBulkExtend, {
        days: Number(days),
        reason,
        key: key.current(),
      });
      setDone({ extended: result.extended, days: result.days });
      setDays('');
      setReason('');
      key.renew();
    });
    setConfirming(false);
  };

  const count = active.data?.activeMembers;
  return (
    <TitledCard look="console-panel" title={<Trans>Outage compensation</Trans>}>
      <p aria-live="polite">
        {count === undefined ? (
          <Trans>Counting active members…</Trans>
        ) : (
          <Trans>{count} members are active now: each would get the days you enter.</Trans>
        )}
      </p>
      {done && (
        <p className="console-panel--notice" role="status">
          <Trans>
            {done.extended} members got {done.days} more days.
          </Trans>
        </p>
      )}
      <RefusalNotice failure={act.failure} />
      <form className="console-form console-form--row" noValidate onSubmit={check}>
        <DaysField
          label={<Trans>Days (1 to 90)</Trans>}
          value={days}
          onChange={setDays}
          error={errors.days ?? null}
        />
        <ReasonField value={reason} onChange={setReason} error={errors.reason ?? null} />
        <SubmitButton pending={act.pending}>
          <Trans>Extend every active member</Trans>
        </SubmitButton>
      </form>
      {confirming && (
        <ConfirmDialog
          title={
            <Trans>
              Extend {count ?? 0} active members by {days} days?
            </Trans>
          }
          text={
            <Trans>
              It applies once, to every member active now, and cannot be undone in one step. You may
              be asked for a fresh code from your authenticator.
            </Trans>
          }
          confirmLabel={<Trans>Extend every active member</Trans>}
          pending={act.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void apply()}
        />
      )}
    </TitledCard>
  );
}
