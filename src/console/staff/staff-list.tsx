import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleStaffDisable,
  consoleStaffEnable,
  consoleStaffResetTwoFactor,
  consoleStaffRole,
  type StaffMember,
  type StaffRole,
} from '../../../contract/endpoints/console';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { type DataColumn } from '../../components/ui/data-table';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { consoleCall } from '../api/console-client';
import { staffListQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { ConsoleTable, actionsColumn } from '../console-table';
import { useRoleName } from '../roles';
import { StateBadge } from '../state-badge';
import type { EnrolmentLink } from './link-panel';
import { RoleField } from './role-field';
import '../../components/ui/badge.css';
import { RefusalNotice } from '../form-dialog';
import { SmallButton } from '../small-button';

interface PendingAction {
  kind: 'role' | 'disable' | 'enable' | 'reset';
  member: StaffMember;
}

function StatusBadge({ member }: { member: StaffMember }) {
  if (!member.disabled && !member.enrolled)
    return (
      <span className="badge badge--warn">
        <Trans>Not enrolled yet</Trans>
      </span>
    );
  return <StateBadge disabled={member.disabled} />;
}

/** What the confirmation of an act asks: the role change also asks the new role (`roleField`). */
function questionOf({ kind, member }: PendingAction, roleField: ReactNode) {
  switch (kind) {
    case 'role':
      return {
        title: <Trans>Change the role of {member.username}</Trans>,
        text: (
          <>
            <p>
              <Trans>
                Their sessions end; they sign in again with the new role&apos;s permissions.
              </Trans>
            </p>
            {roleField}
          </>
        ),
        confirmLabel: <Trans>Change role</Trans>,
      };
    case 'disable':
      return {
        title: <Trans>Disable {member.username}?</Trans>,
        text: (
          <Trans>
            They can no longer sign in; their sessions and enrolment links end. An owner can enable
            them again.
          </Trans>
        ),
        confirmLabel: <Trans>Disable</Trans>,
      };
    case 'enable':
      return {
        title: <Trans>Enable {member.username}?</Trans>,
        text: (
          <Trans>
            They can sign in again with their own password and authenticator, with the role they
            had.
          </Trans>
        ),
        confirmLabel: <Trans>Enable</Trans>,
      };
    case 'reset':
      return {
        title: <Trans>Reset the two-factor of {member.username}?</Trans>,
        text: (
          <Trans>
            Their authenticator and recovery codes stop working and their sessions end. You get a
            new enrolment link for them, with which they also choose a new password.
          </Trans>
        ),
        confirmLabel: <Trans>Reset two-factor</Trans>,
      };
  }
}

/**
 * The staff, each with the acts an owner takes through step-up, behind a confirmation: change the
 * role, reset the two-factor (a new enrolment link, handed to `onLink`), disable, enable.
 */
export function StaffList({ onLink }: { onLink: (link: EnrolmentLink) => void }) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const dateTime = useDateTime();
  const staff = useQuery(staffListQuery);
  const [action, setAction] = useState<PendingAction | null>(null);
  const [newRole, setNewRole] = useState<StaffRole>('support');
  // A refusal closes the confirmation and shows above the list.
  const act = useConsoleAct(staffListQuery.queryKey, () => {
    setAction(null);
    return false;
  });

  const confirm = async () => {
    if (!action) return;
    const { username } = action.member;
    const done = await act.run(async () => {
      if (action.kind === 'role') await consoleCall(consoleStaffRole, { username, role: newRole });
      else if (action.kind === 'disable') await consoleCall(consoleStaffDisable, { username });
      else if (action.kind === 'enable') await consoleCall(consoleStaffEnable, { username });
      else onLink(await consoleCall(consoleStaffResetTwoFactor, { username }));
    });
    if (done) setAction(null);
  };

  const button = (
    kind: PendingAction['kind'],
    member: StaffMember,
    name: string,
    label: ReactNode,
  ) => (
    <SmallButton
      label={name}
      onClick={() => {
        if (kind === 'role') setNewRole(member.role);
        setAction({ kind, member });
      }}
    >
      {label}
    </SmallButton>
  );

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
        button('enable', member, t`Enable ${member.username}`, <Trans>Enable</Trans>)
      ) : (
        <>
          {button(
            'role',
            member,
            t`Change the role of ${member.username}`,
            <Trans>Change role</Trans>,
          )}
          {button(
            'reset',
            member,
            t`Reset the two-factor of ${member.username}`,
            <Trans>Reset two-factor</Trans>,
          )}
          {button('disable', member, t`Disable ${member.username}`, <Trans>Disable</Trans>)}
        </>
      ),
    ),
  ];

  return (
    <>
      <RefusalNotice failure={act.failure} />
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
      {action && (
        <ConfirmDialog
          {...questionOf(
            action,
            <RoleField label={<Trans>New role</Trans>} value={newRole} onChange={setNewRole} />,
          )}
          pending={act.pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
