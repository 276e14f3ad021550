import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { FormDialog } from '../form-dialog';
import type { ConsoleOrder } from '../../../contract/endpoints/console';
import { useDateTime, useMoney } from '../../components/formats';
import { Modal } from '../../components/ui/modal';
import { ReasonField } from '../reason-field';
import { STEP_UP_TEXT, STEP_UP_TITLE, StepUpCodeForm } from '../step-up';
import { useOrderRefund } from './use-order-refund';
import { SmallButton } from '../small-button';

/**
 * A paid order's refund (the order-refund machine): the button, the form (through the gateway or
 * recorded after a refund made by hand, and why), the fresh code when the server asks for one, and
 * what the refund did.
 */
export function RefundPanel({ order }: { order: ConsoleOrder }) {
  const money = useMoney();
  const dateTime = useDateTime();
  const [state, send] = useOrderRefund(order.orderId);
  const [manual, setManual] = useState(false);
  const [reason, setReason] = useState('');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { errorCode, reasonError, outcome } = state.context;
  const refunding = state.matches('refunding');
  const orderId = order.orderId;
  const amount = money(order.total);
  const until = outcome?.userExpireTime ? dateTime(outcome.userExpireTime) : '';

  return (
    <>
      {order.status === 'paid' && state.matches('idle') && (
        <SmallButton
          onClick={() => {
            setManual(false);
            setReason('');
            send({ type: 'OPEN' });
          }}
        >
          <Trans>Refund</Trans>
        </SmallButton>
      )}
      {(state.matches('editing') || refunding) && (
        <FormDialog
          role="alertdialog"
          title={<Trans>Refund order {orderId}?</Trans>}
          text={
            <Trans>
              {amount} goes back to the buyer and the time the order granted is taken back;
              commissions on it are clawed back.
            </Trans>
          }
          label={<Trans>Refund</Trans>}
          danger
          act={{ pending: refunding, failure: errorCode }}
          onCancel={() => send({ type: 'CANCEL' })}
          onSubmit={() => send({ type: 'SUBMIT', manual, reason })}
          cancelRef={cancelRef}
        >
          <fieldset className="console-choice">
            <legend>
              <Trans>How the money goes back</Trans>
            </legend>
            <label>
              <input
                type="radio"
                name="refund-way"
                checked={!manual}
                onChange={() => setManual(false)}
              />{' '}
              <Trans>Through the gateway, now</Trans>
            </label>
            <label>
              <input
                type="radio"
                name="refund-way"
                checked={manual}
                onChange={() => setManual(true)}
              />{' '}
              <Trans>I refunded it in the gateway's dashboard: record it only</Trans>
            </label>
          </fieldset>
          <ReasonField value={reason} onChange={setReason} error={reasonError} />
        </FormDialog>
      )}
      {(state.matches('steppingUp') || state.matches('verifying')) && (
        <Modal
          title={STEP_UP_TITLE}
          text={STEP_UP_TEXT}
          onEscape={state.matches('verifying') ? undefined : () => send({ type: 'CANCEL' })}
        >
          <StepUpCodeForm
            pending={state.matches('verifying')}
            error={errorCode}
            onSubmit={(code) => send({ type: 'SUBMIT_CODE', code })}
            onCancel={() => send({ type: 'CANCEL' })}
          />
        </Modal>
      )}
      {state.matches('refunded') && outcome && (
        <div className="console-panel console-panel--notice card" role="status">
          <p>
            {outcome.refunded ? (
              <Trans>Order {orderId} is refunded.</Trans>
            ) : (
              <Trans>Order {orderId} was already refunded; nothing changed.</Trans>
            )}{' '}
            {outcome.userExpireTime === null ? (
              <Trans>The member has no membership now.</Trans>
            ) : (
              <Trans>The member's membership now ends {until}.</Trans>
            )}
          </p>
          <SmallButton onClick={() => send({ type: 'DISMISS' })}>
            <Trans>OK</Trans>
          </SmallButton>
        </div>
      )}
    </>
  );
}
