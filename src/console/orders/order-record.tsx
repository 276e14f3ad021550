import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { RecordPanel } from '../record-panel';
import type {
  ConsoleDataOf,
  ConsoleOrder,
  PaymentFlag,
  consoleOrderRecord,
} from '../../../contract/endpoints/console';
import type { DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { ProductName, useDateTime, useMoney } from '../../components/formats';
import { MethodName } from '../../components/method-name';
import { StatusName } from '../../components/order-status';
import { orderRecordQuery } from '../api/console-queries';
import { RecordTable } from '../console-table';
import { useConsoleSession } from '../use-console-session';
import { ConfirmPayment } from './confirm-payment';
import { FlagReason } from './flag-reason';
import { RefundPanel } from './refund-panel';

type Payment = ConsoleDataOf<typeof consoleOrderRecord>['payments'][number];

/** A gateway's raw notification, folded: it can be long. */
function Raw({ raw }: { raw: unknown }) {
  if (raw == null) return <span className="console-muted">—</span>;
  return (
    <details className="console-change">
      <summary>
        <Trans>Notification</Trans>
      </summary>
      <pre>{JSON.stringify(raw, null, 1)}</pre>
    </details>
  );
}

export function OrderFacts({ order }: { order: ConsoleOrder }) {
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <dl className="console-details">
      <Detail term={<Trans>Member</Trans>}>{order.userId}</Detail>
      <Detail term={<Trans>Product</Trans>}>
        <ProductName groupType={order.product.groupType} months={order.product.months} />
      </Detail>
      <Detail term={<Trans>Method</Trans>}>
        <MethodName method={order.method as never} /> ({order.gateway})
      </Detail>
      <Detail term={<Trans context="an order">Total</Trans>}>{money(order.total)}</Detail>
      <Detail term={<Trans>Status</Trans>}>
        <StatusName status={order.status as never} />
      </Detail>
      <Detail term={<Trans>Created</Trans>}>{dateTime(order.createdAt)}</Detail>
      <Detail term={<Trans>Paid at</Trans>}>{order.paidAt ? dateTime(order.paidAt) : '—'}</Detail>
      {order.flaggedReason && (
        <Detail term={<Trans>Flagged</Trans>}>
          <FlagReason reason={order.flaggedReason} />
        </Detail>
      )}
    </dl>
  );
}

/**
 * One order in the console: what was bought and how, what the gateway told us (each payment with
 * its raw notification), its flags, and the money actions the role allows: refund (a paid order)
 * and confirm by hand (an order not paid).
 */
export function OrderRecord({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const session = useConsoleSession();
  const record = useQuery(orderRecordQuery(orderId));

  const paymentColumns: DataColumn<Payment>[] = [
    {
      key: 'trade',
      header: t`Trade number`,
      rowHeader: true,
      cell: (p) => <code>{p.tradeNo}</code>,
    },
    { key: 'gateway', header: t`Gateway`, cell: (p) => p.gateway },
    { key: 'amount', header: t`Amount`, cell: (p) => money(p.amount) },
    { key: 'status', header: t`Status`, cell: (p) => p.status },
    { key: 'received', header: t`Received at`, cell: (p) => dateTime(p.receivedAt) },
    {
      key: 'refunded',
      header: t`Refunded at`,
      cell: (p) => (p.refundedAt ? dateTime(p.refundedAt) : '—'),
    },
    { key: 'raw', header: t`Notification`, cell: (p) => <Raw raw={p.raw} /> },
  ];
  const flagColumns: DataColumn<PaymentFlag>[] = [
    { key: 'at', header: t`When`, rowHeader: true, cell: (f) => dateTime(f.createdAt) },
    { key: 'reason', header: t`Why`, cell: (f) => <FlagReason reason={f.reason} /> },
    {
      key: 'resolved',
      header: t`Resolved`,
      cell: (f) => (f.resolvedAt ? dateTime(f.resolvedAt) : <Trans context="a flag">Open</Trans>),
    },
  ];

  return (
    <RecordPanel
      title={<Trans>Order {orderId}</Trans>}
      back={<Trans>Back to the orders</Trans>}
      onBack={onClose}
      query={record}
    >
      {(data) => (
        <>
          <OrderFacts order={data.order} />
          <div className="console-actions" role="group" aria-label={t`Actions on this order`}>
            {session.permissions.includes('orders.refund') && <RefundPanel order={data.order} />}
            {session.permissions.includes('orders.confirm') && (
              <ConfirmPayment order={data.order} />
            )}
          </div>
          <RecordTable
            title={<Trans>Gateway events</Trans>}
            rows={data.payments}
            columns={paymentColumns}
            rowKey={(p) => `${p.gateway}:${p.tradeNo}`}
            empty={<Trans>The gateway has not told us of a payment for this order.</Trans>}
          />
          <RecordTable
            title={<Trans>Flags</Trans>}
            rows={data.flags}
            columns={flagColumns}
            rowKey={(f) => f.id}
            empty={<Trans>No flag.</Trans>}
          />
        </>
      )}
    </RecordPanel>
  );
}
