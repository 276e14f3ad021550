import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordPanel } from '../record-panel';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  bulkDaysField,
  consoleBulkExtend,
  consoleUserAdjustMembership,
  consoleUserRemoveDevice,
  consoleUserResetSubscription,
  consoleUserSetDisabled,
  consoleUserSignOut,
  reasonField,
  type MemberRecord,
  type MemberSummary,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { type DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { ErrorNotice } from '../../components/error-notice';
import { PlanName, useDateTime, useMoney } from '../../components/formats';
import { StatusName } from '../../components/order-status';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import {
  CONSOLE_KEY,
  activeMembersQuery,
  memberRecordQuery,
  memberSearchQuery,
} from '../api/console-queries';
import { Permitted } from '../console-forbidden';
import { ReasonField } from '../reason-field';
import { ConsoleTable, actionsColumn, openColumn } from '../console-table';
import { StepUpCancelled, useStepUp } from '../step-up';
import { useConsoleSession } from '../use-console-session';
import '../../components/ui/badge.css';

/** One submission of a form: a double click or a retry sends the same key and changes nothing. */
const newKey = () => crypto.randomUUID();

function MembershipCell({ member }: { member: MemberSummary }) {
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

function StateBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="badge badge--muted">
      <Trans>Disabled</Trans>
    </span>
  ) : (
    <span className="badge badge--ok">
      <Trans>Active</Trans>
    </span>
  );
}

function MemberSearch({ onOpen }: { onOpen: (userId: number) => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [error, setError] = useState<number | null>(null);
  const results = useQuery(memberSearchQuery(query));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    setError(q === '' ? Errors.REQUIRED_SEARCH.code : null);
    if (q !== '') setQuery(q);
  };

  const columns: DataColumn<MemberSummary>[] = [
    { key: 'id', header: t`User ID`, rowHeader: true, cell: (m) => m.id },
    { key: 'username', header: t`Username`, cell: (m) => m.username ?? '—' },
    { key: 'email', header: t`Email`, cell: (m) => m.email ?? '—' },
    { key: 'phone', header: t`Phone`, cell: (m) => m.phone ?? '—' },
    { key: 'membership', header: t`Membership`, cell: (m) => <MembershipCell member={m} /> },
    { key: 'state', header: t`Status`, cell: (m) => <StateBadge disabled={m.disabled} /> },
    openColumn(
      t`Actions`,
      (m) => t`Open member ${m.id}`,
      (m) => onOpen(m.id),
    ),
  ];

  return (
    <TitledCard look="console-panel" title={<Trans>Find a member</Trans>}>
      <form className="console-form console-form--row" noValidate onSubmit={submit}>
        <TextField
          label={<Trans>User ID, username, email or phone</Trans>}
          value={typed}
          onChange={setTyped}
          error={error === null ? null : errorText(error)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={<Trans>Exact matches only: 325 does not find 1325.</Trans>}
        />
        <SubmitButton pending={results.isFetching}>
          <Trans>Search</Trans>
        </SubmitButton>
      </form>
      {query !== '' && (
        <ConsoleTable
          query={results}
          rows={results.data?.members}
          columns={columns}
          rowKey={(m) => m.id}
          caption={<Trans>Members found</Trans>}
          empty={<Trans>No member is exactly “{query}”.</Trans>}
        />
      )}
    </TitledCard>
  );
}

type Action =
  | { kind: 'extend' | 'shorten' | 'disable' | 'enable' | 'sign-out' | 'reset-subscription' }
  | { kind: 'remove-device'; deviceId: number; name: string };

function MemberActions({ record, permitted }: { record: MemberRecord; permitted: boolean }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const userId = record.member.id;
  const [action, setAction] = useState<Action | null>(null);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ days?: number; reason?: number }>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const key = useRef(newKey());

  const open = (next: Action) => {
    setAction(next);
    setDays('');
    setReason('');
    setFieldErrors({});
    setFailure(null);
    key.current = newKey();
  };

  const needsReason =
    action?.kind === 'extend' ||
    action?.kind === 'shorten' ||
    action?.kind === 'disable' ||
    action?.kind === 'enable';

  const confirm = async () => {
    if (!action) return;
    const errors: { days?: number; reason?: number } = {};
    const count = Number(days);
    if (
      (action.kind === 'extend' || action.kind === 'shorten') &&
      !(Number.isInteger(count) && count > 0)
    )
      errors.days = Errors.ADJUST_DAYS_INVALID.code;
    const reasonError = needsReason ? fieldError(reasonField, reason) : null;
    if (reasonError !== null) errors.reason = reasonError;
    setFieldErrors(errors);
    if (errors.days !== undefined || errors.reason !== undefined) return;
    setPending(true);
    try {
      if (action.kind === 'extend' || action.kind === 'shorten') {
        await consoleCall(consoleUserAdjustMembership, {
          userId,
          days: action.kind === 'extend' ? count : -count,
          reason,
          key: key.current,
        });
      } else if (action.kind === 'disable' || action.kind === 'enable') {
        await consoleCall(consoleUserSetDisabled, {
          userId,
          disabled: action.kind === 'disable',
          reason,
        });
      } else if (action.kind === 'sign-out') {
        await consoleCall(consoleUserSignOut, { userId });
      } else if (action.kind === 'reset-subscription') {
        await consoleCall(consoleUserResetSubscription, { userId });
      } else if ('deviceId' in action) {
        await consoleCall(consoleUserRemoveDevice, { userId, deviceId: action.deviceId });
      }
      setAction(null);
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
      setAction(null);
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'members'] });
    }
  };

  const reasonInput = needsReason ? (
    <ReasonField value={reason} onChange={setReason} error={fieldErrors.reason ?? null} />
  ) : null;

  const dialog = (title: ReactNode, text: ReactNode, confirmLabel: ReactNode) => (
    <ConfirmDialog
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      pending={pending}
      onCancel={() => setAction(null)}
      onConfirm={() => void confirm()}
    />
  );

  return (
    <>
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      {permitted && (
        <div className="console-actions" role="group" aria-label={t`Actions on this member`}>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => open({ kind: 'extend' })}
          >
            <Trans>Extend membership</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => open({ kind: 'shorten' })}
          >
            <Trans>Shorten membership</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => open({ kind: record.member.disabled ? 'enable' : 'disable' })}
          >
            {record.member.disabled ? (
              <Trans>Enable account</Trans>
            ) : (
              <Trans>Disable account</Trans>
            )}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => open({ kind: 'sign-out' })}
          >
            <Trans>Sign out everywhere</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => open({ kind: 'reset-subscription' })}
          >
            <Trans>Reset subscription link</Trans>
          </button>
        </div>
      )}
      <DevicesTable record={record} onRemove={permitted ? (d) => open(d) : undefined} />
      {(action?.kind === 'extend' || action?.kind === 'shorten') &&
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
            <TextField
              label={<Trans>Days</Trans>}
              type="number"
              inputMode="numeric"
              value={days}
              onChange={setDays}
              error={fieldErrors.days === undefined ? null : errorText(fieldErrors.days)}
              autoComplete="off"
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
      {action &&
        'deviceId' in action &&
        dialog(
          <Trans>Remove the device “{action.name}”?</Trans>,
          <Trans>Its sessions end; the seat is free again.</Trans>,
          <Trans>Remove device</Trans>,
        )}
    </>
  );
}

function DevicesTable({
  record,
  onRemove,
}: {
  record: MemberRecord;
  onRemove: ((action: Action) => void) | undefined;
}) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const columns: DataColumn<MemberRecord['devices'][number]>[] = [
    { key: 'name', header: t`Device`, rowHeader: true, cell: (d) => d.name || d.os },
    { key: 'os', header: t`System`, cell: (d) => (d.isWeb ? t`Web` : d.os) },
    { key: 'seen', header: t`Last seen`, cell: (d) => dateTime(d.lastSeenAt) },
    ...(onRemove
      ? [
          actionsColumn(t`Actions`, (d: MemberRecord['devices'][number]) => (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={t`Remove the device ${d.name || d.os}`}
              onClick={() =>
                onRemove({ kind: 'remove-device', deviceId: d.id, name: d.name || d.os })
              }
            >
              <Trans>Remove</Trans>
            </button>
          )),
        ]
      : []),
  ];
  return (
    <>
      <h3 className="console-subtitle">
        <Trans context="a list">Devices</Trans>
      </h3>
      <ConsoleTable
        rows={record.devices}
        columns={columns}
        rowKey={(d) => d.id}
        caption={<Trans context="a list">Devices</Trans>}
        empty={<Trans>No device.</Trans>}
      />
    </>
  );
}

function MemberRecordPanel({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const money = useMoney();
  const session = useConsoleSession();
  const record = useQuery(memberRecordQuery(userId));

  const orderColumns: DataColumn<MemberRecord['orders'][number]>[] = [
    { key: 'order', header: t`Order ID`, rowHeader: true, cell: (o) => o.orderId },
    { key: 'status', header: t`Status`, cell: (o) => <StatusName status={o.status as never} /> },
    {
      key: 'total',
      header: t({ message: 'Total', context: 'an order' }),
      cell: (o) => money(o.total),
    },
    { key: 'created', header: t`Created`, cell: (o) => dateTime(o.createdAt) },
  ];
  const sessionColumns: DataColumn<MemberRecord['sessions'][number]>[] = [
    { key: 'platform', header: t`Platform`, rowHeader: true, cell: (s) => s.platform },
    { key: 'ip', header: t`IP address`, cell: (s) => s.ip ?? '—' },
    { key: 'since', header: t`Signed in`, cell: (s) => dateTime(s.createdAt) },
  ];

  return (
    <RecordPanel
      title={<Trans>Member {userId}</Trans>}
      back={<Trans>Back to the search</Trans>}
      onBack={onClose}
      query={record}
    >
      {(data) => (
        <>
          <dl className="console-details">
            <Detail term={<Trans>Username</Trans>}>{data.member.username ?? '—'}</Detail>
            <Detail term={<Trans>Email</Trans>}>{data.member.email ?? '—'}</Detail>
            <Detail term={<Trans>Phone</Trans>}>{data.member.phone ?? '—'}</Detail>
            <Detail term={<Trans>Membership</Trans>}>
              <MembershipCell member={data.member} />
            </Detail>
            <Detail term={<Trans>Device limit</Trans>}>{data.member.deviceLimit ?? '—'}</Detail>
            <Detail term={<Trans>Status</Trans>}>
              <StateBadge disabled={data.member.disabled} />
            </Detail>
            <Detail term={<Trans>Member since</Trans>}>{dateTime(data.member.createdAt)}</Detail>
            <Detail term={<Trans>Invited friends</Trans>}>{data.invites.count}</Detail>
          </dl>
          <MemberActions record={data} permitted={session.permissions.includes('users.manage')} />
          <h3 className="console-subtitle">
            <Trans>Orders</Trans>
          </h3>
          <ConsoleTable
            rows={data.orders}
            columns={orderColumns}
            rowKey={(o) => o.orderId}
            caption={<Trans>Orders</Trans>}
            empty={<Trans>No order.</Trans>}
          />
          <h3 className="console-subtitle">
            <Trans>Sessions</Trans>
          </h3>
          <ConsoleTable
            rows={data.sessions}
            columns={sessionColumns}
            rowKey={(s) => s.id}
            caption={<Trans>Sessions</Trans>}
            empty={<Trans>Signed in nowhere.</Trans>}
          />
        </>
      )}
    </RecordPanel>
  );
}

function OutageCompensation() {
  const errorText = useErrorText();
  const runWithStepUp = useStepUp();
  const queryClient = useQueryClient();
  const active = useQuery(activeMembersQuery);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ days?: number; reason?: number }>({});
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ extended: number; days: number } | null>(null);
  const [failure, setFailure] = useState<number | null>(null);
  const key = useRef(newKey());

  const check = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(fieldError(bulkDaysField, days) !== null
        ? { days: fieldError(bulkDaysField, days)! }
        : {}),
      ...(fieldError(reasonField, reason) !== null
        ? { reason: fieldError(reasonField, reason)! }
        : {}),
    };
    setErrors(next);
    if (next.days === undefined && next.reason === undefined) setConfirming(true);
  };

  const apply = async () => {
    setPending(true);
    setFailure(null);
    try {
      const result = await runWithStepUp(() =>
        consoleCall(consoleBulkExtend, { days: Number(days), reason, key: key.current }),
      );
      setDone({ extended: result.extended, days: result.days });
      setDays('');
      setReason('');
      key.current = newKey();
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'members'] });
    }
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
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      <form className="console-form console-form--row" noValidate onSubmit={check}>
        <TextField
          label={<Trans>Days (1 to 90)</Trans>}
          type="number"
          inputMode="numeric"
          value={days}
          onChange={setDays}
          error={errors.days === undefined ? null : errorText(errors.days)}
          autoComplete="off"
        />
        <ReasonField value={reason} onChange={setReason} error={errors.reason ?? null} />
        <SubmitButton pending={pending}>
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
          pending={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void apply()}
        />
      )}
    </TitledCard>
  );
}

function MembersSection() {
  const session = useConsoleSession();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      {open === null ? (
        <MemberSearch onOpen={setOpen} />
      ) : (
        <MemberRecordPanel userId={open} onClose={() => setOpen(null)} />
      )}
      {session.permissions.includes('users.bulk') && <OutageCompensation />}
    </>
  );
}

/** /admin/users (support, owners): find a member, read their record, act on it; compensate outages. */
export default function ConsoleMembersPage() {
  return (
    <Permitted permission="users.read">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Members</Trans>
        </h1>
        <MembersSection />
      </div>
    </Permitted>
  );
}
