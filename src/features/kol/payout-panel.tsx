import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { PAYOUT_NETWORK_INFO, type PayoutNetwork } from '../../../contract/kol';
import { kolPayoutMachine } from '../../../machines/kol-payout/kol-payout.machine';
import { Modal } from '../../components/ui/modal';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { requestPayout } from './api/request-payout';
import { useUsd } from './kol-format';

interface Props {
  availableCents: number;
  thresholdCents: number;
  payout: { network: PayoutNetwork; address: string } | null;
}

/** The request-payout button, its confirmation (amount and address) and the outcome. */
export function PayoutPanel({ availableCents, thresholdCents, payout }: Props) {
  const usd = useUsd();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const machine = useMemo(
    () =>
      kolPayoutMachine.provide({
        actors: {
          requestPayout: fromPromise(async () => {
            try {
              return await requestPayout();
            } finally {
              // Made or refused, the totals and the tables changed (or someone else's request did).
              void queryClient.invalidateQueries({ queryKey: ['kol'] });
            }
          }),
        },
      }),
    [queryClient],
  );
  const balance = { availableCents, thresholdCents, hasPayoutAddress: payout !== null };
  const [state, send] = useMachine(machine, { ...actorInspection(), input: balance });
  useEffect(() => {
    send({ type: 'BALANCE', availableCents, thresholdCents, hasPayoutAddress: payout !== null });
  }, [send, availableCents, thresholdCents, payout]);
  const confirming = state.matches('confirming') || state.matches('requesting');

  const { errorCode, settlement } = state.context;
  const network = payout ? PAYOUT_NETWORK_INFO[payout.network].label : '';
  const amount = usd(state.context.availableCents);

  return (
    <div className="kol-payout">
      {payout ? (
        <p className="kol-payout__to">
          <Trans>
            Paid in {network} to <code className="kol-address">{payout.address}</code>
          </Trans>
        </p>
      ) : (
        <p className="kol-payout__to">
          <Trans>No payout address yet: the partner team adds it for you.</Trans>
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary kol-payout__button"
        disabled={!state.matches('ready')}
        onClick={() => send({ type: 'REQUEST' })}
      >
        <Trans>Request payout</Trans>
      </button>
      {state.matches('belowThreshold') && (
        <p className="kol-payout__hint">
          <Trans>You can request a payout once {usd(thresholdCents)} is available.</Trans>
        </p>
      )}
      {errorCode !== null && (
        <p className="kol-payout__error" role="alert">
          {errorText(errorCode)}
        </p>
      )}
      {state.matches('requested') && settlement && (
        <div className="kol-payout__done" role="status">
          <p>
            <Trans>
              Payout of {usd(settlement.amountCents)} requested. It is processing; the transaction
              hash appears under Settlements once it is paid.
            </Trans>
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => send({ type: 'DISMISS' })}
          >
            <Trans>OK</Trans>
          </button>
        </div>
      )}
      {confirming && payout && (
        <Modal
          title={<Trans>Request a payout of {amount}?</Trans>}
          initialFocus={confirmRef}
          onEscape={() => send({ type: 'CANCEL' })}
        >
          <p className="dialog__text">
            <Trans>
              Every available commission goes into one payout, paid in {network} to this address:
            </Trans>
          </p>
          <p className="kol-dialog__address">
            <code className="kol-address">{payout.address}</code>
          </p>
          <p className="dialog__text">
            <Trans>If the address is wrong, cancel and contact the partner team.</Trans>
          </p>
          <div className="dialog__actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={state.matches('requesting')}
              onClick={() => send({ type: 'CANCEL' })}
            >
              <Trans>Cancel</Trans>
            </button>
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-primary"
              disabled={state.matches('requesting')}
              aria-busy={state.matches('requesting')}
              onClick={() => send({ type: 'CONFIRM' })}
            >
              <Trans>Confirm payout</Trans>
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
