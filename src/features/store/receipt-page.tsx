import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDateTime, useMoney } from '../../components/formats';
import { MethodName } from '../../components/method-name';
import { QueryStatus } from '../../components/query-status';
import { userInfoQuery } from '../../lib/queries/user-info';
import { fetchOrder } from './api/store-calls';
import { Detail } from '../../components/ui/detail';
import './receipt.css';

const route = getRouteApi('/user/receipt/$orderId');

/** The account a receipt is made out to: the e-mail, else the phone, else the username (masked as the server sends them). */
function accountOf(user: { email: string | null; phone: string | null; username: string | null }) {
  return user.email ?? user.phone ?? user.username ?? '';
}

/**
 * A printable receipt of a paid order (issue 22, item 9; docs/messages.md "Receipts"), from the
 * orders list on /user/profile: seller, order number, plan, amounts, method and payment time, and
 * the account. "Print" prints the receipt alone (receipt.css hides the site around it). An order
 * that was not paid has no receipt; a refunded one keeps its receipt, marked refunded.
 */
export default function ReceiptPage() {
  const { orderId } = route.useParams();
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const order = useQuery({
    queryKey: ['orders', 'receipt', orderId],
    queryFn: () => fetchOrder(orderId),
  });
  const user = useQuery(userInfoQuery());
  const paid = order.data && (order.data.status === 'paid' || order.data.status === 'refunded');

  return (
    <main className="receipt-page">
      <p className="receipt-page__back">
        <Link to="/user/profile">
          <Trans>Back to my orders</Trans>
        </Link>
      </p>
      <QueryStatus query={order} />
      {order.data && !paid && (
        <p role="status">
          <Trans>This order has not been paid, so it has no receipt.</Trans>
        </p>
      )}
      {order.data && paid && (
        <article className="receipt card" aria-labelledby="receipt-title">
          <header className="receipt__header">
            <h1 id="receipt-title" className="receipt__title">
              <Trans>Receipt</Trans>
            </h1>
            <p className="receipt__seller">{t`Kestrel VPN`}</p>
          </header>
          {order.data.status === 'refunded' && (
            <p className="badge badge--muted receipt__refunded">
              <Trans>Refunded</Trans>
            </p>
          )}
          <dl className="receipt__details">
            <dt>
              <Trans>Order ID</Trans>
            </dt>
            <dd className="receipt__order-id">{order.data.orderId}</dd>
            {user.data && <Detail term={<Trans>Account</Trans>}>{accountOf(user.data)}</Detail>}
            <Detail term={<Trans>Paid on</Trans>}>
              {dateTime(order.data.paidAt ?? order.data.createdAt)}
            </Detail>
            <Detail term={<Trans>Payment method</Trans>}>
              <MethodName method={order.data.method} />
            </Detail>
          </dl>
          <table className="receipt__lines">
            <caption className="visually-hidden">
              <Trans>What was paid</Trans>
            </caption>
            <tbody>
              <tr>
                <th scope="row">{order.data.product}</th>
                <td className="num">{money(order.data.subtotal)}</td>
              </tr>
              {order.data.discount.amount > 0 && (
                <tr>
                  <th scope="row">
                    {order.data.couponCode ? (
                      <Trans>Promo code {order.data.couponCode}</Trans>
                    ) : (
                      <Trans>Discount</Trans>
                    )}
                  </th>
                  <td className="num">−{money(order.data.discount)}</td>
                </tr>
              )}
              <tr className="receipt__total">
                <th scope="row">
                  <Trans>Total paid</Trans>
                </th>
                <td className="num">{money(order.data.total)}</td>
              </tr>
            </tbody>
          </table>
          <button
            type="button"
            className="btn btn-primary receipt__print"
            onClick={() => window.print()}
          >
            <Trans>Print</Trans>
          </button>
        </article>
      )}
    </main>
  );
}
