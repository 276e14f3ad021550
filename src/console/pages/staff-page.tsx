import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import {
  STAFF_ROLES,
  consoleStaffAdd,
  consoleStaffDisable,
  consoleStaffEnable,
  consoleStaffResetTwoFactor,
  consoleStaffRole,
  enrolmentLink,
  staffUsernameField,
  type StaffMember,
  type StaffRole,
} from '../../../contract/endpoints/console';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyField } from '../../components/ui/copy-field';
import { type DataColumn } from '../../components/ui/data-table';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { ErrorNotice } from '../../components/error-notice';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { staffListQuery } from '../api/console-queries';
import { Permitted } from '../console-forbidden';
import { ConsoleTable, actionsColumn } from '../console-table';
import { useRoleName } from '../roles';
import { StepUpCancelled, useStepUp } from '../step-up';
import '../../components/ui/badge.css';

type EnrolmentLink = z.infer<typeof enrolmentLink>;

type PendingAction =
  | { kind: 'role'; member: StaffMember }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'enable'; member: StaffMember }
  | { kind: 'reset'; member: StaffMember };

function RoleSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
}) {
  const roleName = useRoleName();
  return (
    <select
      id={id}
      className="field__input console-select"
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}

function StatusBadge({ member }: { member: StaffMember }) {
  if (member.disabled)
    return (
      <span className="badge badge--muted">
        <Trans>Disabled</Trans>
      </span>
    );
  if (!member.enrolled)
    return (
      <span className="badge badge--warn">
        <Trans>Not enrolled yet</Trans>
      </span>
    );
  return (
    <span className="badge badge--ok">
      <Trans>Active</Trans>
    </span>
  );
}

function LinkPanel({ link, onClose }: { link: EnrolmentLink; onClose: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  return (
    <TitledCard
      look="console-panel"
      className="console-panel--notice"
      title={<Trans>Enrolment link for {link.username}</Trans>}
    >
      <p>
        <Trans>
          Send this link to {link.username} through a channel you trust. It works once, until{' '}
          {dateTime(link.expiresAt)}; it is not shown again.
        </Trans>
      </p>
      <CopyField
        id="enrolment-link"
        label={<Trans>Enrolment link</Trans>}
        value={link.url}
        copyLabel={t`Copy the enrolment link`}
      />
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        <Trans>Done</Trans>
      </button>
    </TitledCard>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (link: EnrolmentLink) => void }) {
  const errorText = useErrorText();
  const runWithStepUp = useStepUp();
  const roleId = useId();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [error, setError] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldError(staffUsernameField, username);
    setError(invalid);
    if (invalid !== null) return;
    setPending(true);
    try {
      const link = await runWithStepUp(() =>
        consoleCall(consoleStaffAdd, { username: username.trim(), role }),
      );
      setUsername('');
      onAdded(link);
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) setError(errorCodeOf(refusal));
    } finally {
      setPending(false);
    }
  };

  return (
    <TitledCard look="console-panel" title={<Trans>Add a staff member</Trans>}>
      <form className="console-form console-form--row" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={<Trans>Username</Trans>}
          value={username}
          onChange={setUsername}
          error={error === null ? null : errorText(error)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={<Trans>3 to 32 letters, digits, dots, hyphens or underscores.</Trans>}
        />
        <div className="field">
          <label htmlFor={roleId} className="field__label">
            <Trans>Role</Trans>
          </label>
          <RoleSelect id={roleId} value={role} onChange={setRole} />
        </div>
        <SubmitButton pending={pending}>
          <Trans>Add and make a link</Trans>
        </SubmitButton>
      </form>
    </TitledCard>
  );
}

function StaffSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const runWithStepUp = useStepUp();
  const roleName = useRoleName();
  const dateTime = useDateTime();
  const roleId = useId();
  const staff = useQuery(staffListQuery);
  const [link, setLink] = useState<EnrolmentLink | null>(null);
  const [action, setAction] = useState<PendingAction | null>(null);
  const [newRole, setNewRole] = useState<StaffRole>('support');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: staffListQuery.queryKey });

  const confirm = async () => {
    if (!action) return;
    const { username } = action.member;
    setPending(true);
    setFailure(null);
    try {
      if (action.kind === 'role') {
        await runWithStepUp(() => consoleCall(consoleStaffRole, { username, role: newRole }));
      } else if (action.kind === 'disable') {
        await runWithStepUp(() => consoleCall(consoleStaffDisable, { username }));
      } else if (action.kind === 'enable') {
        await runWithStepUp(() => consoleCall(consoleStaffEnable, { username }));
      } else {
        setLink(await runWithStepUp(() => consoleCall(consoleStaffResetTwoFactor, { username })));
      }
      setAction(null);
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) {
        setFailure(errorCodeOf(refusal));
        setAction(null);
      }
    } finally {
      setPending(false);
      void refresh();
    }
  };

  const columns: DataColumn<StaffMember>[] = [
    {
      key: 'username',
      header: t`Username`,
      rowHeader: true,
      cell: (member) => member.username,
    },
    { key: 'role', header: t`Role`, cell: (member) => roleName(member.role) },
    { key: 'status', header: t`Status`, cell: (member) => <StatusBadge member={member} /> },
    { key: 'created', header: t`Added`, cell: (member) => dateTime(member.createdAt) },
    actionsColumn(t`Actions`, (member) =>
      member.disabled ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={t`Enable ${member.username}`}
          onClick={() => setAction({ kind: 'enable', member })}
        >
          <Trans>Enable</Trans>
        </button>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t`Change the role of ${member.username}`}
            onClick={() => {
              setNewRole(member.role);
              setAction({ kind: 'role', member });
            }}
          >
            <Trans>Change role</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t`Reset the two-factor of ${member.username}`}
            onClick={() => setAction({ kind: 'reset', member })}
          >
            <Trans>Reset two-factor</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t`Disable ${member.username}`}
            onClick={() => setAction({ kind: 'disable', member })}
          >
            <Trans>Disable</Trans>
          </button>
        </>
      ),
    ),
  ];

  return (
    <>
      {link && <LinkPanel link={link} onClose={() => setLink(null)} />}
      <AddStaffForm
        onAdded={(added) => {
          setLink(added);
          void refresh();
        }}
      />
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      <TitledCard look="console-panel" title={<Trans>Staff members</Trans>}>
        <ConsoleTable
          query={staff}
          rows={staff.data?.staff}
          columns={columns}
          rowKey={(member) => member.id}
          caption={<Trans>Staff members</Trans>}
          empty={<Trans>No staff yet.</Trans>}
        />
      </TitledCard>
      {action?.kind === 'role' && (
        <ConfirmDialog
          title={<Trans>Change the role of {action.member.username}</Trans>}
          text={
            <>
              <p>
                <Trans>
                  Their sessions end; they sign in again with the new role&apos;s permissions.
                </Trans>
              </p>
              <div className="field">
                <label htmlFor={roleId} className="field__label">
                  <Trans>New role</Trans>
                </label>
                <RoleSelect id={roleId} value={newRole} onChange={setNewRole} />
              </div>
            </>
          }
          confirmLabel={<Trans>Change role</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
      {action?.kind === 'disable' && (
        <ConfirmDialog
          title={<Trans>Disable {action.member.username}?</Trans>}
          text={
            <Trans>
              They can no longer sign in; their sessions and enrolment links end. An owner can
              enable them again.
            </Trans>
          }
          confirmLabel={<Trans>Disable</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
      {action?.kind === 'enable' && (
        <ConfirmDialog
          title={<Trans>Enable {action.member.username}?</Trans>}
          text={
            <Trans>
              They can sign in again with their own password and authenticator, with the role they
              had.
            </Trans>
          }
          confirmLabel={<Trans>Enable</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
      {action?.kind === 'reset' && (
        <ConfirmDialog
          title={<Trans>Reset the two-factor of {action.member.username}?</Trans>}
          text={
            <Trans>
              Their authenticator and recovery codes stop working and their sessions end. You get a
              new enrolment link for them, with which they also choose a new password.
            </Trans>
          }
          confirmLabel={<Trans>Reset two-factor</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}

/** /admin/staff (owners): the staff, adding one (an enrolment link), roles, disabling, resets. */
export default function ConsoleStaffPage() {
  return (
    <Permitted permission="staff.manage">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Staff</Trans>
        </h1>
        <StaffSection />
      </div>
    </Permitted>
  );
}
