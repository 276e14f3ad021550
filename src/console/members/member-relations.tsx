import { Trans, useLingui } from '@lingui/react/macro';
import {
  CONSOLE_GROUP_STATES,
  KOL_COMMISSION_STATUSES,
  type ConsoleGroupState,
  type MemberRecord,
} from '../../../contract/endpoints/console';
import { useDateTime, useMoney } from '../../components/formats';
import { type DataColumn } from '../../components/ui/data-table';
import { RecordTable } from '../console-table';
import { GroupStateName } from '../groups/group-names';
import { GroupLink } from '../section-links';
import { useCommissionStatusLabel } from '../kol/commission-status';

type Group = MemberRecord['groups'][number];
type Invite = MemberRecord['invites']['recent'][number];

const isGroupState = (state: string): state is ConsoleGroupState =>
  (CONSOLE_GROUP_STATES as readonly string[]).includes(state);

/**
 * The group buys the member started or holds a seat in, newest first; each group's number opens it
 * in the groups section.
 */
export function MemberGroups({ record }: { record: MemberRecord }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const columns: DataColumn<Group>[] = [
    {
      key: 'group',
      header: t`Group ID`,
      rowHeader: true,
      cell: (g) => <GroupLink groupId={g.groupId} />,
    },
    {
      key: 'role',
      header: t`Role`,
      cell: (g) =>
        g.role === 'creator' ? <Trans>Creator</Trans> : <Trans context="a group buy">Member</Trans>,
    },
    {
      key: 'state',
      header: t`State`,
      cell: (g) => (isGroupState(g.status) ? <GroupStateName state={g.status} /> : g.status),
    },
    { key: 'since', header: t`Since`, cell: (g) => dateTime(g.createdAt) },
  ];
  return (
    <RecordTable
      title={<Trans>Group buys</Trans>}
      rows={record.groups}
      columns={columns}
      rowKey={(g) => g.groupId}
      empty={<Trans>In no group buy.</Trans>}
    />
  );
}

/** The friends who signed up with the member's invite code, the latest first. */
export function MemberInvites({ record }: { record: MemberRecord }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const columns: DataColumn<Invite>[] = [
    { key: 'member', header: t`Member ID`, rowHeader: true, cell: (i) => i.userId },
    {
      key: 'joined',
      header: t({ message: 'Signed up', context: 'a date' }),
      cell: (i) => dateTime(i.createdAt),
    },
  ];
  const { count, recent } = record.invites;
  return (
    <RecordTable
      title={
        recent.length < count ? (
          <Trans>
            Invited friends: the latest {recent.length} of {count}
          </Trans>
        ) : (
          <Trans>Invited friends</Trans>
        )
      }
      rows={recent}
      columns={columns}
      rowKey={(i) => i.userId}
      empty={<Trans>No friend signed up with the invite code.</Trans>}
    />
  );
}

/** A KOL's commissions added up by status, in US dollars (the KOL ledger's currency). */
export function MemberCommissions({ record }: { record: MemberRecord }) {
  const { t } = useLingui();
  const money = useMoney();
  const statusLabel = useCommissionStatusLabel();
  const rows = KOL_COMMISSION_STATUSES.filter((s) => s in record.commissions.centsByStatus).map(
    (status) => ({ status, cents: record.commissions.centsByStatus[status] ?? 0 }),
  );
  const columns: DataColumn<(typeof rows)[number]>[] = [
    { key: 'status', header: t`Status`, rowHeader: true, cell: (r) => statusLabel[r.status] },
    {
      key: 'amount',
      header: t`Amount`,
      cell: (r) => money({ amount: r.cents, currency: 'USD' }),
    },
  ];
  return (
    <RecordTable
      title={<Trans>Commissions</Trans>}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.status}
      empty={<Trans>No commission.</Trans>}
    />
  );
}
