import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleUserAdjustMembership,
  consoleUserRemoveDevice,
  consoleUserResetSubscription,
  consoleUserSetDisabled,
  consoleUserSignOut,
  reasonField,
  type MemberRecord,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { ReasonField } from '../reason-field';
import { DaysField } from './days-field';
import { DevicesTable, deviceName } from './devices-table';
import { useSubmissionKey } from './submission-key';
import { RefusalNotice } from '../form-dialog';
import { SmallButton } from '../small-button';

type Kind = 'extend' | 'shorten' | 'disable' | 'enable' | 'sign-out' | 'reset-subscription';

type Action = { kind: Kind } | { kind: 'remove-device'; deviceId: number; name: string };

/** The acts that ask for a reason, kept in the audit trail. */
const WITH_REASON: readonly Action['kind'][] = ['extend', 'shorten', 'disable', 'enable'];

/** The act an action sends. */
function send(userId: number, action: Action, days: number, reason: string, key: string) {
  switch (action.kind) {
    case 'extend':
    case 'shorten':
      return consoleCall(consoleUserAdjustMembership, {
        userId,
        days: action.kind === 'extend' ? days : -days,
        reason,
        key,
      });
    case 'disable':
    case 'enable':
      return consoleCall(consoleUserSetDisabled, {
        userId,
        disabled: action.kind === 'disable',
        reason,
      });
    case 'sign-out':
      return consoleCall(consoleUserSignOut, { userId });
    case 'reset-subscription':
      return consoleCall(consoleUserResetSubscription, { userId });
    case 'remove-device':
      return consoleCall(consoleUserRemoveDevice, { userId, deviceId: action.deviceId });
  }
}

/**
 * What the role may do to a member (users.manage), each behind its confirmation: extend or shorten
 * by days and disable or enable, with a reason; sign out everywhere; reset the subscription link;
 * remove a device (from the devices table, shown to every role).
 */
export function MemberActions({ record, permitted }: { record: MemberRecord; permitted: boolean }) {
  const { t } = useLingui();
  const act = useConsoleAct([...CONSOLE_KEY, 'members']);
  const key = useSubmissionKey();
  const userId = record.member.id;
  const [action, setAction] = useState<Action | null>(null);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'days' | 'reason'>>({});

  const open = (next: Action) => {
    setAction(next);
    setDays('');
    setReason('');
    setFieldErrors({});
    act.setFailure(null);
    key.renew();
  };

  const needsReason = action !== null && WITH_REASON.includes(action.kind);
  const adjusting = action?.kind === 'extend' || action?.kind === 'shorten';

  const confirm = async () => {
    if (!action) return;
    const count = Number(days);
    const errors = collectErrors({
      days:
        adjusting && !(Number.isInteger(count) && count > 0)
          ? Errors.ADJUST_DAYS_INVALID.code
          : null,
      reason: needsReason ? fieldError(reasonField, reason) : null,
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    await act.run(() => send(userId, action, count, reason, key.current()));
    setAction(null);
  };

  const reasonInput = needsReason ? (
    <ReasonField value={reason} onChange={setReason} error={fieldErrors.reason ?? null} />
  ) : null;

  const dialog = (title: ReactNode, text: ReactNode, confirmLabel: ReactNode) => (
    <ConfirmDialog
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      pending={act.pending}
      onCancel={() => setAction(null)}
      onConfirm={() => void confirm()}
    />
  );

  const button = (kind: Kind, label: ReactNode) => (
    <SmallButton onClick={() => open({ kind })}>{label}</SmallButton>
  );

  return (
    <>
      <RefusalNotice failure={act.failure} />
      {permitted && (
        <div className="console-actions" role="group" aria-label={t`Actions on this member`}>
          {button('extend', <Trans>Extend membership</Trans>)}
          {button('shorten', <Trans>Shorten membership</Trans>)}
          {record.member.disabled
            ? button('enable', <Trans>Enable account</Trans>)
            : button('disable', <Trans>Disable account</Trans>)}
          {button('sign-out', <Trans>Sign out everywhere</Trans>)}
          {button('reset-subscription', <Trans>Reset subscription link</Trans>)}
        </div>
      )}
      <DevicesTable
        record={record}
        onRemove={
          permitted
            ? (d) => open({ kind: 'remove-device', deviceId: d.id, name: deviceName(d) })
            : undefined
        }
      />
      {adjusting &&
        dialog(
          action.kind === 'extend' ? (
            <Trans>Extend the membership of member {userId}</Trans>
          ) : (
            <Trans>Shorten the membership of member {userId}</Trans>
          ),
          <>
            <p>
              {action.kind === 'extend' ? (
                <Trans>
                  The days are added to the expiry; an ended membership starts again today.
                </Trans>
              ) : (
                <Trans>The days are taken from the expiry, never below today.</Trans>
              )}
            </p>
            <DaysField
              label={<Trans>Days</Trans>}
              value={days}
              onChange={setDays}
              error={fieldErrors.days ?? null}
            />
            {reasonInput}
          </>,
          action.kind === 'extend' ? <Trans>Extend</Trans> : <Trans>Shorten</Trans>,
        )}
      {(action?.kind === 'disable' || action?.kind === 'enable') &&
        dialog(
          action.kind === 'disable' ? (
            <Trans>Disable member {userId}?</Trans>
          ) : (
            <Trans>Enable member {userId}?</Trans>
          ),
          <>
            <p>
              {action.kind === 'disable' ? (
                <Trans>Every session ends at once and the member cannot sign in.</Trans>
              ) : (
                <Trans>The member can sign in again.</Trans>
              )}
            </p>
            {reasonInput}
          </>,
          action.kind === 'disable' ? (
            <Trans>Disable account</Trans>
          ) : (
            <Trans>Enable account</Trans>
          ),
        )}
      {action?.kind === 'sign-out' &&
        dialog(
          <Trans>Sign member {userId} out everywhere?</Trans>,
          <Trans>Every session on every device ends; the member signs in again.</Trans>,
          <Trans>Sign out everywhere</Trans>,
        )}
      {action?.kind === 'reset-subscription' &&
        dialog(
          <Trans>Reset the subscription link of member {userId}?</Trans>,
          <Trans>
            Every import link stops working and the VPN credential changes; the member imports the
            subscription again.
          </Trans>,
          <Trans>Reset subscription link</Trans>,
        )}
      {action?.kind === 'remove-device' &&
        dialog(
          <Trans>Remove the device “{action.name}”?</Trans>,
          <Trans>Its sessions end; the seat is free again.</Trans>,
          <Trans>Remove device</Trans>,
        )}
    </>
  );
}
