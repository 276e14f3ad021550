import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import type { Order } from '../../../contract/endpoints/payment';
import { PagePending } from '../../components/page-pending';
import { useErrorText } from '../../i18n/use-error-text';
import { displayConfigQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { ordersQuery } from './api/store-calls';
import { PlanName, useDateTime, useMoney } from '../../components/formats';
import { StatusName } from '../../components/order-status';
import { buyAgainHref } from './pricing-math';
import { useCheckout } from './use-checkout';
import { ContentPage } from '../../components/content-page';
import { Modal } from '../../components/ui/modal';
import './store.css';
import { Detail } from '../../components/ui/detail';

const route = getRouteApi('/purchased');

/** SPEC §2 /purchased: the payment result dialog for `?orderId`, or for the latest order. */
export default function PurchasedPage() {
  const orderId = route.useSearch().orderId?.trim() || null;
  const loggedOut = useSessionState((s) => s.matches('loggedOut'));
  const hasUser = useSessionState((s) => s.context.user !== null);
  const here = orderId ? `/purchased?orderId=${encodeURIComponent(orderId)}` : '/purchased';

  return (
    <ContentPage className="result-page" title={<Trans>Purchase result</Trans>}>
      {loggedOut ? (
        <div className="card result-waiting">
          <p>
            <Trans>Log in to see the result of your payment.</Trans>
          </p>
          <Link to="/login" search={{ redirect: here }} className="btn btn-primary">
            <Trans>Log in</Trans>
          </Link>
        </div>
      ) : !hasUser ? (
        <PagePending />
      ) : orderId ? (
        <PaymentResult orderId={orderId} />
      ) : (
        <LatestOrder />
      )}
    </ContentPage>
  );
}

/** Without an order ID (a bookmarked page, a gateway that drops it): the newest order. */
function LatestOrder() {
  const { data, isPending, isError } = useQuery(ordersQuery());
  if (isPending) return <PagePending />;
  const latest = data?.orders[0];
  if (isError || !latest) {
    return (
      <div className="card result-waiting">
        <p>
          {isError ? (
            <Trans>Your orders could not be loaded. Please reload the page.</Trans>
          ) : (
            <Trans>There is no order to show: you have not placed one yet.</Trans>
          )}
        </p>
        <Link to="/pricing" className="btn btn-primary">
          <Trans>See plans</Trans>
        </Link>
      </div>
    );
  }
  return <PaymentResult orderId={latest.orderId} />;
}

function PaymentResult({ orderId }: { orderId: string }) {
  const [state, send] = useCheckout(orderId);
  const errorText = useErrorText();
  const user = useSessionState((s) => s.context.user);
  const refreshing = useSessionState((s) => s.matches('unknown'));
  const formatDateTime = useDateTime();
  const { data: display } = useQuery(displayConfigQuery());
  const { order } = state.context;
  const newExpiry = user?.expireTime ? formatDateTime(user.expireTime) : '';

  if (state.matches('awaitingPayment')) {
    return (
      <div className="card result-waiting" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>
          <Trans>Confirming your payment… This usually takes a few seconds.</Trans>
        </p>
      </div>
    );
  }

  // Every verdict names the order; a failed or undetected payment also leads back to the orders.
  const ofOrder = { order, orderId };
  const myOrders = (
    <Link to="/user/profile" className="btn btn-secondary">
      <Trans>My orders</Trans>
    </Link>
  );
  // The order's plan, currency and promo code: trying again must not cost the discount.
  const buyAgain = buyAgainHref(order);
  const support = display?.links.supportEmail;
  const contact = support ? (
    <a href={`mailto:${support}?subject=${encodeURIComponent(orderId)}`}>{support}</a>
  ) : null;

  if (state.matches('paid') && order) {
    return (
      <ResultDialog
        tone="ok"
        title={<Trans>Payment successful</Trans>}
        {...ofOrder}
        actions={
          <Link to="/user/profile" className="btn btn-primary">
            <Trans>Go to my account</Trans>
          </Link>
        }
      >
        <p className="dialog__text">
          <Trans>
            Thank you! Your <PlanName groupType={order.groupType} /> membership is active.
          </Trans>
        </p>
        <p className="result-note" aria-live="polite">
          {refreshing || !user?.expireTime ? (
            <Trans>Updating your membership…</Trans>
          ) : (
            <Trans>New expiry: {newExpiry}</Trans>
          )}
        </p>
      </ResultDialog>
    );
  }

  // An order that can no longer be paid: the same plan, currency and promo code, bought again.
  const expired = state.matches('expired');
  if (expired || state.matches('cancelled')) {
    return (
      <ResultDialog
        tone="bad"
        title={expired ? <Trans>Order expired</Trans> : <Trans>Order closed</Trans>}
        {...ofOrder}
        actions={
          <a href={buyAgain} className="btn btn-primary">
            <Trans>Buy again</Trans>
          </a>
        }
      >
        {expired ? (
          <>
            <p className="dialog__text">{errorText(Errors.ORDER_EXPIRED.code)}</p>
            <p className="result-note">
              {errorText(Errors.PAYMENT_NOT_DETECTED.code)} {contact}
            </p>
          </>
        ) : (
          <p className="dialog__text">
            <Trans>This order is no longer open for payment.</Trans>
          </p>
        )}
      </ResultDialog>
    );
  }

  if (state.matches('failed')) {
    return (
      <ResultDialog
        tone="bad"
        title={<Trans>Payment failed</Trans>}
        {...ofOrder}
        actions={
          <>
            {myOrders}
            <a href={buyAgain} className="btn btn-primary">
              <Trans>Try again</Trans>
            </a>
          </>
        }
      >
        <p className="dialog__text">
          {errorText(Errors.PAYMENT_NOT_DETECTED.code)} {contact}
        </p>
      </ResultDialog>
    );
  }

  // notDetected: no verdict within the time box, or no such order.
  const missing = state.context.errorCode === Errors.ORDER_NOT_FOUND.code;
  return (
    <ResultDialog
      tone="wait"
      title={missing ? <Trans>Order not found</Trans> : <Trans>Payment not detected yet</Trans>}
      {...ofOrder}
      actions={
        <>
          {myOrders}
          {!missing && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => send({ type: 'RECHECK' })}
            >
              <Trans>Check again</Trans>
            </button>
          )}
        </>
      }
    >
      <p className="dialog__text">
        {missing && `${errorText(Errors.ORDER_NOT_FOUND.code)} `}
        {errorText(Errors.PAYMENT_NOT_DETECTED.code)} {contact}
      </p>
    </ResultDialog>
  );
}

function ResultDialog({
  tone,
  title,
  order,
  orderId,
  children,
  actions,
}: {
  tone: 'ok' | 'bad' | 'wait';
  title: ReactNode;
  order: Order | null;
  orderId: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const money = useMoney();
  return (
    <Modal
      className="result-dialog"
      title={
        <>
          <span className={`result-icon result-icon--${tone}`} aria-hidden="true">
            {tone === 'ok' ? '✓' : tone === 'bad' ? '✕' : '!'}
          </span>
          {title}
        </>
      }
    >
      {children}
      <dl className="summary-list">
        <dt>
          <Trans>Order ID</Trans>
        </dt>
        <dd className="order-id">{order?.orderId ?? orderId}</dd>
        {order && (
          <>
            <Detail term={<Trans>Product</Trans>}>{order.product}</Detail>
            <Detail term={<Trans>Total</Trans>}>{money(order.total)}</Detail>
            <Detail term={<Trans>Status</Trans>}>
              <StatusName status={order.status} />
            </Detail>
          </>
        )}
      </dl>
      <div className="dialog__actions">{actions}</div>
    </Modal>
  );
}
