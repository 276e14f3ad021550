import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../contract/endpoints/payment';
import { cancelOrder, ordersKey, ordersQuery } from './api/store-calls';
import { useDate, useMoney } from '../../components/formats';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { StatusName } from '../../components/order-status';
import './store.css';
import { TitledCard } from '../../components/titled-card';

/** The account area's orders (SPEC §3 Order: date, order ID, product, total), newest first. */
export function OrdersCard() {
  const { t } = useLingui();
  const { data, isPending, isError } = useQuery(ordersQuery());
  const formatDate = useDate();
  const money = useMoney();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const stopCancelling = useCallback(() => setCancelling(null), []);
  const orders = data?.orders ?? [];

  return (
    <TitledCard look="profile-card" title={<Trans>Orders</Trans>}>
      {isPending ? (
        <p className="field__hint" role="status">
          <Trans>Loading</Trans>
        </p>
      ) : isError ? (
        <p className="field__error">
          <Trans>Your orders could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <DataTable
          className="orders-table"
          rows={orders}
          rowKey={(order) => order.orderId}
          empty={
            <p className="field__hint">
              <Trans>No orders yet.</Trans>
            </p>
          }
          columns={[
            {
              key: 'date',
              header: t`Date`,
              className: 'num',
              cell: (order) => formatDate(order.createdAt),
            },
            {
              key: 'orderId',
              header: t`Order ID`,
              cell: (order) => <span className="order-id">{order.orderId}</span>,
            },
            {
              key: 'product',
              header: t`Product`,
              cell: (order) => (
                // One grid item in the stacked row: the product and its mark together.
                <span>
                  {order.product}
                  {order.groupOrder && (
                    <>
                      {' '}
                      {/* A share of a group buy: its group, seats and refunds are there. */}
                      <Link to="/user/group-buying" className="badge badge--muted order-group">
                        <Trans>Group buy</Trans>
                      </Link>
                    </>
                  )}
                </span>
              ),
            },
            {
              key: 'total',
              header: t`Total`,
              className: 'num',
              cell: (order) => money(order.total),
            },
            {
              key: 'status',
              header: t`Status`,
              cell: (order) => <StatusName status={order.status} />,
            },
            {
              key: 'actions',
              header: t`Actions`,
              hideHeader: true,
              label: '',
              cell: (order) => <OrderActions order={order} onCancel={setCancelling} />,
            },
          ]}
        />
      )}
      {cancelling && <CancelDialog order={cancelling} onClose={stopCancelling} />}
    </TitledCard>
  );
}

/**
 * A pending order can be paid (when its payment page is still open) or cancelled; a paid one (or
 * refunded: the money was received) has its printable receipt.
 */
function OrderActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const { t } = useLingui();
  const orderId = order.orderId;
  if (order.status === 'paid' || order.status === 'refunded')
    return (
      <div className="orders-actions">
        <Link
          to="/user/receipt/$orderId"
          params={{ orderId }}
          className="btn btn-secondary"
          aria-label={t`Receipt of order ${orderId}`}
        >
          <Trans>Receipt</Trans>
        </Link>
      </div>
    );
  if (order.status !== 'pending') return null;
  return (
    <div className="orders-actions">
      {order.payUrl && (
        <a
          href={order.payUrl}
          className="btn btn-primary"
          aria-label={t`Continue paying order ${orderId}`}
        >
          <Trans>Pay</Trans>
        </a>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={t`Cancel order ${orderId}`}
        onClick={() => onCancel(order)}
      >
        <Trans>Cancel</Trans>
      </button>
    </div>
  );
}

function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.orderId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ordersKey });
      onClose();
    },
  });
  const orderId = order.orderId;
  return (
    <ConfirmDialog
      title={<Trans>Cancel this order?</Trans>}
      cancelLabel={<Trans>Keep order</Trans>}
      confirmLabel={<Trans>Cancel order</Trans>}
      pending={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => cancel.mutate()}
      text={
        <Trans>
          Order {orderId} will be closed and can no longer be paid. A promo code used on it becomes
          available again.
        </Trans>
      }
    />
  );
}
