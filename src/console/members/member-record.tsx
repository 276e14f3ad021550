import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRecord as RecordData } from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { useDateTime, useMoney } from '../../components/formats';
import { StatusName } from '../../components/order-status';
import { memberRecordQuery } from '../api/console-queries';
import { RecordTable } from '../console-table';
import { RecordPanel } from '../record-panel';
import { OrderLink } from '../section-links';
import { StateBadge } from '../state-badge';
import { useConsoleSession } from '../use-console-session';
import { FetchesTable } from './fetches-table';
import { MemberActions } from './member-actions';
import { MemberCommissions, MemberGroups, MemberInvites } from './member-relations';
import { MembershipCell } from './membership-cell';
import { MembershipHistory } from './membership-history';

/**
 * One member in the console: identifiers, membership, device limit, status, the actions the role
 * allows, then their devices, the membership history, orders, sessions, subscription fetches, group
 * buys, invited friends and commissions.
 */
export function MemberRecord({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const money = useMoney();
  const session = useConsoleSession();
  const record = useQuery(memberRecordQuery(userId));

  const orderColumns: DataColumn<RecordData['orders'][number]>[] = [
    {
      key: 'order',
      header: t`Order ID`,
      rowHeader: true,
      cell: (o) => <OrderLink orderNo={o.orderId} />,
    },
    { key: 'status', header: t`Status`, cell: (o) => <StatusName status={o.status as never} /> },
    {
      key: 'total',
      header: t({ message: 'Total', context: 'an order' }),
      cell: (o) => money(o.total),
    },
    { key: 'created', header: t`Created`, cell: (o) => dateTime(o.createdAt) },
  ];
  const sessionColumns: DataColumn<RecordData['sessions'][number]>[] = [
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
          <MembershipHistory record={data} />
          <RecordTable
            title={<Trans>Orders</Trans>}
            rows={data.orders}
            columns={orderColumns}
            rowKey={(o) => o.orderId}
            empty={<Trans>No order.</Trans>}
          />
          <RecordTable
            title={<Trans>Sessions</Trans>}
            rows={data.sessions}
            columns={sessionColumns}
            rowKey={(s) => s.id}
            empty={<Trans>Signed in nowhere.</Trans>}
          />
          <FetchesTable record={data} />
          <MemberGroups record={data} />
          <MemberInvites record={data} />
          <MemberCommissions record={data} />
        </>
      )}
    </RecordPanel>
  );
}
