import { Trans } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ConsolePage } from '../console-page';
import { OrderList } from '../orders/order-list';
import { OrderRecord } from '../orders/order-record';
import { PaymentFlags } from '../orders/payment-flags';

const route = getRouteApi('/admin/staff-area/orders');

/**
 * /admin/orders (owners, finance, support to read): the orders filtered and paged, one order with
 * its gateway events, its refund and its confirmation by hand, and the payment flags queue. The
 * order open is in the address (`?order=`): another section links to it, and the back button and a
 * reload keep it.
 */
export default function ConsoleOrdersPage() {
  const { order } = route.useSearch();
  const navigate = route.useNavigate();
  const opened = order === undefined ? null : String(order);
  const open = (orderId: string | null) =>
    void navigate({ search: orderId === null ? {} : { order: orderId } });
  return (
    <ConsolePage permission="orders.read" title={<Trans>Orders</Trans>}>
      {opened === null ? (
        <>
          <OrderList onOpen={open} />
          <PaymentFlags onOpenOrder={open} />
        </>
      ) : (
        <OrderRecord key={opened} orderId={opened} onClose={() => open(null)} />
      )}
    </ConsolePage>
  );
}
