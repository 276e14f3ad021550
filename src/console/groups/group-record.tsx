import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleGroup, GroupSeat } from '../../../contract/endpoints/console';
import { ProductName, useDateTime, useMoney } from '../../components/formats';
import type { DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { groupRecordQuery } from '../api/console-queries';
import { RecordTable } from '../console-table';
import { RecordPanel } from '../record-panel';
import { OrderLink } from '../section-links';
import { EndGroup } from './end-group';
import { GroupStateName, PaymentTypeName, SeatStateName } from './group-names';

function GroupFacts({
  group,
  openedAt,
  redeemBatchId,
}: {
  group: ConsoleGroup;
  openedAt: string | null;
  redeemBatchId: number | null;
}) {
  const money = useMoney();
  const dateTime = useDateTime();
  const when = (at: string | null) => (at ? dateTime(at) : '—');
  return (
    <dl className="console-details">
      <Detail term={<Trans>Creator</Trans>}>{group.creatorId}</Detail>
      <Detail term={<Trans>Product</Trans>}>
        <ProductName groupType={group.product.groupType} months={group.product.months} />
      </Detail>
      <Detail term={<Trans>Who pays</Trans>}>
        <PaymentTypeName paymentType={group.paymentType} />
      </Detail>
      <Detail term={<Trans>Seats</Trans>}>
        <Trans>
          {group.taken} of {group.size}
        </Trans>
      </Detail>
      <Detail term={<Trans>Seat price</Trans>}>{money(group.seatPrice)}</Detail>
      <Detail term={<Trans>State</Trans>}>
        <GroupStateName state={group.state} />
      </Detail>
      <Detail term={<Trans>Created</Trans>}>{dateTime(group.createdAt)}</Detail>
      <Detail term={<Trans>Opened</Trans>}>{when(openedAt)}</Detail>
      <Detail term={<Trans>Ends</Trans>}>{when(group.endsAt)}</Detail>
      {group.completedAt && (
        <Detail term={<Trans>Finished at</Trans>}>{dateTime(group.completedAt)}</Detail>
      )}
      {group.endedAt && <Detail term={<Trans>Ended at</Trans>}>{dateTime(group.endedAt)}</Detail>}
      {redeemBatchId !== null && (
        <Detail term={<Trans>Codes for unused seats</Trans>}>
          <Trans>Redeem batch {redeemBatchId}</Trans>
        </Detail>
      )}
    </dl>
  );
}

/**
 * One group in the console: what it sells and to whom, each seat with its order (paid, granted,
 * refunded), and for an open group the way to end it now.
 */
export function GroupRecord({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const record = useQuery(groupRecordQuery(groupId));
  const when = (at: string | null) => (at ? dateTime(at) : '—');

  const seatColumns: DataColumn<GroupSeat>[] = [
    {
      key: 'member',
      header: t`Member`,
      rowHeader: true,
      cell: (s) => (s.username ? `${s.userId} (${s.username})` : s.userId),
    },
    {
      key: 'role',
      header: t`Role`,
      cell: (s) => (s.role === 'creator' ? <Trans>Creator</Trans> : <Trans>Friend</Trans>),
    },
    { key: 'seat', header: t`Seat`, cell: (s) => <SeatStateName state={s.state} /> },
    {
      key: 'order',
      header: t`Order ID`,
      cell: (s) => (s.orderId ? <OrderLink orderNo={s.orderId} /> : '—'),
    },
    { key: 'paid', header: t`Paid at`, cell: (s) => when(s.paidAt) },
    { key: 'granted', header: t`Granted at`, cell: (s) => when(s.grantedAt) },
    { key: 'refunded', header: t`Refunded at`, cell: (s) => when(s.refundedAt) },
  ];

  return (
    <RecordPanel
      title={<Trans>Group {groupId}</Trans>}
      back={<Trans>Back to the groups</Trans>}
      onBack={onClose}
      query={record}
    >
      {(data) => (
        <>
          <GroupFacts
            group={data.group}
            openedAt={data.openedAt}
            redeemBatchId={data.redeemBatchId}
          />
          <div className="console-actions" role="group" aria-label={t`Actions on this group`}>
            <EndGroup group={data.group} />
          </div>
          <RecordTable
            title={<Trans>The group's seats</Trans>}
            columns={seatColumns}
            rows={data.seats}
            rowKey={(s) => `${s.userId}-${s.orderId ?? 'free'}`}
            empty={<Trans>No seat is taken.</Trans>}
          />
        </>
      )}
    </RecordPanel>
  );
}
