import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Permitted } from '../console-forbidden';
import { OrderList } from '../orders/order-list';
import { OrderRecord } from '../orders/order-record';
import { PaymentFlags } from '../orders/payment-flags';

/**
 * /admin/orders (owners, finance, support to read): the orders filtered and paged, one order with
 * its gateway events, its refund and its confirmation by hand, and the payment flags queue.
 */
export default function ConsoleOrdersPage() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Permitted permission="orders.read">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Orders</Trans>
        </h1>
        {opened === null ? (
          <>
            <OrderList onOpen={setOpened} />
            <PaymentFlags onOpenOrder={setOpened} />
          </>
        ) : (
          <OrderRecord key={opened} orderId={opened} onClose={() => setOpened(null)} />
        )}
      </div>
    </Permitted>
  );
}
