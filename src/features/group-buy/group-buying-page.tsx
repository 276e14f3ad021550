import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import {
  JOIN_BLOCK_CODES,
  type JoiningBlock,
} from '../../../machines/group-buy/group-buy.constants';
import type { GroupSelection, GroupView } from '../../../machines/group-buy/group-buy.types';
import type { OrderStatusName } from '../../../contract/endpoints/payment';
import { GroupBuyPaymentType } from '../../../contract/enums';
import { PagePending } from '../../app/layout/root-layout';
import { useErrorText } from '../../i18n/use-error-text';
import { goodsQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { Errors } from '../../../contract/errors';
import { GROUP_TOKEN_PATTERN } from '../../../contract/web-routes';
import type { GroupBuyingSearch } from '../../../contract/search-params';
import { GroupPanel } from './group-panel';
import { GroupRules } from './group-rules';
import { JoinActions } from './join-actions';
import { StartGroupForm } from './start-group-form';
import { useGroupBuy } from './use-group-buy';
import './group-buy.css';

const BLOCKS = Object.keys(JOIN_BLOCK_CODES) as JoiningBlock[];

const route = getRouteApi('/group-buying');

/**
 * `?group=` (an invite link), or `?invite=` holding a group token (a link from before `?group=`;
 * a friend's sign-up code there is not a group), and `?orderId=` (back from the gateway).
 */
function readSearch(search: GroupBuyingSearch) {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  const legacy = text(search.invite);
  const token =
    text(search.group) ?? (legacy !== null && GROUP_TOKEN_PATTERN.test(legacy) ? legacy : null);
  return { token, orderId: text(search.orderId) };
}

/** /group-buying: the rules and a new group, or the group of an invite link (docs/group-buy-web.md). */
export default function GroupBuyingPage() {
  const search = route.useSearch();
  const input = useMemo(() => readSearch(search), [search]);
  return (
    <main className="page gb">
      <div className="container">
        <h1 className="page-title">
          <Trans>Group buy</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Share a plan with one or two friends and each of you pays less. Everyone gets the full
            membership on their own account.
          </Trans>
        </p>
        {/* A new invite link is a new flow: the machine starts again with it. */}
        <GroupBuyFlow key={`${input.token ?? ''}|${input.orderId ?? ''}`} input={input} />
      </div>
    </main>
  );
}

function GroupBuyFlow({ input }: { input: { token: string | null; orderId: string | null } }) {
  const [state, send] = useGroupBuy(input);
  const errorText = useErrorText();
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const { data: catalog } = useQuery(goodsQuery());
  const shop = catalog?.shop ?? null;
  const { context } = state;
  const view = context.group;
  const ended = state.matches('ended');
  const block = BLOCKS.find((b) => state.matches({ joining: b }));
  // Stable, so the form's effect sends SELECT only when the selection changes.
  const select = useCallback(
    (selection: GroupSelection) => send({ type: 'SELECT', selection }),
    [send],
  );

  if (state.matches('loading')) return <PagePending />;
  if (state.matches('serviceOff')) {
    return (
      <div className="card gb-notice" role="status">
        <h2 className="gb-notice__title">{errorText(Errors.GROUP_BUY_OFF.code)}</h2>
        <p>
          <Trans>Please check back soon, or buy a plan on your own in the meantime.</Trans>
        </p>
        <Link to="/pricing" className="btn btn-secondary">
          <Trans>See plans</Trans>
        </Link>
      </div>
    );
  }
  if (state.matches('loadFailed')) {
    // No such group: asking again cannot help; a new group can. A network failure: try again.
    const notFound = context.errorCode === Errors.GROUP_NOT_FOUND.code;
    return (
      <div className="card gb-notice" role="alert">
        <p>{errorText(context.errorCode ?? Errors.INTERNAL.code)}</p>
        {notFound ? (
          <Link to="/group-buying" search={{}} className="btn btn-secondary">
            <Trans>Start a group of your own</Trans>
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => send({ type: 'RETRY' })}
          >
            <Trans>Try again</Trans>
          </button>
        )}
      </div>
    );
  }

  const creating =
    state.matches('choosing') ||
    state.matches('creating') ||
    (state.matches('redirecting') && context.payer === 'creator');
  if (creating) {
    return (
      <div className="gb-layout">
        <StartGroupForm
          shop={shop}
          loggedIn={loggedIn}
          busy={!state.matches('choosing')}
          redirecting={state.matches('redirecting')}
          onSelect={select}
          onStart={(method) => send({ type: 'START', method, idempotencyKey: crypto.randomUUID() })}
        />
        <GroupRules hours={shop?.groupBuy.hours ?? null} />
      </div>
    );
  }

  const awaiting =
    state.matches('awaitingCreatorPayment') || state.matches('awaitingMemberPayment');
  const notDetected =
    state.matches({ awaitingCreatorPayment: 'notDetected' }) ||
    state.matches({ awaitingMemberPayment: 'notDetected' });
  const blockCode = block ? JOIN_BLOCK_CODES[block] : null;

  const outcome = (
    <>
      {awaiting && !notDetected && (
        <div className="gb-message" role="status">
          <span className="spinner" aria-hidden="true" />
          {state.matches('awaitingCreatorPayment') ? (
            <Trans>Confirming your payment… The group opens as soon as it arrives.</Trans>
          ) : (
            <Trans>Confirming your payment… Your seat is reserved while you pay.</Trans>
          )}
          {context.payUrl && (
            <a href={context.payUrl} className="btn btn-secondary">
              <Trans>Continue paying</Trans>
            </a>
          )}
        </div>
      )}
      {notDetected && (
        <div className="gb-message gb-message--warn" role="alert">
          <p>{errorText(Errors.PAYMENT_NOT_DETECTED.code)}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => send({ type: 'RECHECK' })}
          >
            <Trans>Check again</Trans>
          </button>
        </div>
      )}
      {state.matches('redirecting') && (
        <p className="gb-message" role="status">
          <Trans>Taking you to the payment page…</Trans>
        </p>
      )}
      {state.matches('paymentFailed') && (
        <PaymentFailed
          orderStatus={context.orderStatus}
          creator={context.payer === 'creator'}
          onBack={() => send({ type: 'BACK' })}
        />
      )}
      {blockCode !== null && (
        <div className="gb-message gb-message--warn" role="alert">
          <p>{errorText(blockCode)}</p>
          {block === 'creatorNotPaid' && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => send({ type: 'REFRESH' })}
            >
              <Trans>Check again</Trans>
            </button>
          )}
        </div>
      )}
      {state.matches('finished') && (
        <div className="gb-message gb-message--ok" role="status">
          <p>
            <Trans>
              Every seat is paid for. Each member now has the membership on their account.
            </Trans>
          </p>
          {view?.membership && (
            <Link to="/user/profile" className="btn btn-primary">
              <Trans>See my membership</Trans>
            </Link>
          )}
        </div>
      )}
      {ended && view && <EndedMessage view={view} />}
      {(state.matches('open') ||
        state.matches({ joining: 'free' }) ||
        state.matches({ joining: 'forPay' })) &&
        view &&
        view.membership === null &&
        (!context.serviceOn || context.errorCode === Errors.GROUP_BUY_OFF.code ? (
          <p className="gb-message gb-message--warn" role="status">
            {errorText(Errors.GROUP_BUY_OFF.code)}{' '}
            <Trans>Joining opens again when group buy is back.</Trans>
          </p>
        ) : (
          <JoinActions
            view={view}
            token={context.token ?? ''}
            shop={shop}
            loggedIn={loggedIn}
            busy={!state.matches('open')}
            errorCode={context.errorCode}
            onJoin={() => send({ type: 'JOIN' })}
            onJoinAndPay={(method) =>
              send({
                type: 'JOIN_AND_PAY',
                method,
                currency: view.group.seatPrice.currency,
                idempotencyKey: crypto.randomUUID(),
              })
            }
          />
        ))}
    </>
  );

  return (
    <div className="gb-layout">
      {view ? (
        <GroupPanel view={view} remainingMs={context.remainingMs} ended={ended}>
          {outcome}
        </GroupPanel>
      ) : (
        <div className="card gb-panel">{outcome}</div>
      )}
      <GroupRules hours={shop?.groupBuy.hours ?? null} />
    </div>
  );
}

/**
 * The awaited order did not pay (docs/group-buy-web.md): the gateway refused it, it expired or it
 * was cancelled. Nothing was charged. A creator's group closed with it, so they start again; a
 * friend's seat was released, so they go back to the group and can pay again.
 */
function PaymentFailed({
  orderStatus,
  creator,
  onBack,
}: {
  orderStatus: OrderStatusName | null;
  creator: boolean;
  onBack: () => void;
}) {
  const errorText = useErrorText();
  return (
    <div className="gb-message gb-message--warn" role="alert">
      <p>
        {orderStatus === 'expired' ? (
          errorText(Errors.ORDER_EXPIRED.code)
        ) : orderStatus === 'cancelled' ? (
          <Trans>The payment was cancelled. Nothing was charged.</Trans>
        ) : (
          <Trans>The payment did not go through. Nothing was charged.</Trans>
        )}{' '}
        {creator ? (
          <Trans>The group was not opened: start it again to pay once more.</Trans>
        ) : (
          <Trans>Your seat was released: go back to the group to pay again.</Trans>
        )}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onBack}>
        {creator ? <Trans>Start again</Trans> : <Trans>Back to the group</Trans>}
      </button>
    </div>
  );
}

/** What happened to the money and the memberships of a group that ended unfilled, for this reader. */
function EndedMessage({ view }: { view: GroupView }) {
  const { group, membership } = view;
  const mine = membership?.myState;
  if (group.paymentType === GroupBuyPaymentType.PAY_ALL) {
    return (
      <p className="gb-message" role="status">
        {membership?.isCreator ? (
          <Trans>
            This group ended before every seat was taken. You keep your membership, and so does
            everyone who joined; each empty seat became a redeem code, listed in My group orders.
          </Trans>
        ) : mine === 'joined' ? (
          <Trans>
            This group ended before every seat was taken. You keep your membership, like the creator
            and everyone else who joined; the creator gets a redeem code for each empty seat.
          </Trans>
        ) : (
          <Trans>
            This group ended before every seat was taken. The creator and everyone who joined keep
            the membership; the creator gets a redeem code for each empty seat.
          </Trans>
        )}
      </p>
    );
  }
  return (
    <p className="gb-message" role="status">
      <Trans>This group ended before every seat was paid for. Every share paid is refunded.</Trans>{' '}
      {mine === 'refunded' && <Trans>Your payment has been refunded to the way you paid.</Trans>}
      {mine === 'refund_due' && <Trans>Your refund is being returned by our support team.</Trans>}
      {mine === 'paid' && <Trans>Your refund is on its way.</Trans>}
    </p>
  );
}
