import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import {
  JOIN_BLOCK_CODES,
  type JoiningBlock,
} from '../../../machines/group-buy/group-buy.constants';
import type { GroupSelection } from '../../../machines/group-buy/group-buy.types';
import { PagePending } from '../../components/page-pending';
import { useErrorText } from '../../i18n/use-error-text';
import { goodsQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { Errors } from '../../../contract/errors';
import { GroupPanel } from './group-panel';
import { GroupRules } from './group-rules';
import { EndedMessage, PaymentFailed } from './group-outcome-messages';
import { JoinActions } from './join-actions';
import { StartGroupForm } from './start-group-form';
import { useGroupBuy } from './use-group-buy';
import { ErrorNotice } from '../../components/error-notice';

const BLOCKS = Object.keys(JOIN_BLOCK_CODES) as JoiningBlock[];

/**
 * One run of the group-buy machine on /group-buying: starting a group, or the group of an invite
 * link with what this reader can do in it, and the outcome of a payment.
 */
export function GroupBuyFlow({
  input,
}: {
  input: { token: string | null; orderId: string | null };
}) {
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
      <ErrorNotice
        className="card gb-notice"
        code={context.errorCode ?? Errors.INTERNAL.code}
        retry={
          notFound
            ? undefined
            : { label: <Trans>Try again</Trans>, onClick: () => send({ type: 'RETRY' }) }
        }
      >
        {notFound && (
          <Link to="/group-buying" search={{}} className="btn btn-secondary">
            <Trans>Start a group of your own</Trans>
          </Link>
        )}
      </ErrorNotice>
    );
  }

  const creating =
    state.matches('choosing') ||
    state.matches('creating') ||
    (state.matches('redirecting') && context.payer === 'creator');
  if (creating) {
    return (
      <div className="with-summary gb-layout">
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
        <ErrorNotice
          className="gb-message gb-message--warn"
          code={Errors.PAYMENT_NOT_DETECTED.code}
          retry={{ label: <Trans>Check again</Trans>, onClick: () => send({ type: 'RECHECK' }) }}
        />
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
        <ErrorNotice
          className="gb-message gb-message--warn"
          code={blockCode}
          retry={
            block === 'creatorNotPaid'
              ? { label: <Trans>Check again</Trans>, onClick: () => send({ type: 'REFRESH' }) }
              : undefined
          }
        />
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
    <div className="with-summary gb-layout">
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
