import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type {
  SendCodeParams,
  SendCodeResult,
} from '../../machines/verification-code/verification-code.types';
import { actorInspection } from '../lib/inspector';

interface SendCodeButtonProps<P extends SendCodeParams> {
  /** The params to send, or null when a field is invalid (the form shows why). */
  prepare: () => P | null;
  /** The API call: user_send_code, or user_change_target_send_code. */
  sendCode: (params: P) => Promise<SendCodeResult>;
  /** The machine's last failure, for the form to show next to the field. */
  onError?: (code: number | null) => void;
}

/** The "Send code" button with the countdown of the verification-code machine (DESIGN §5). */
export function SendCodeButton<P extends SendCodeParams>({
  prepare,
  sendCode,
  onError,
}: SendCodeButtonProps<P>) {
  const machine = useMemo(
    () =>
      verificationCodeMachine.provide({
        actors: {
          // Every SEND carries what `prepare` made, so its params are this form's P.
          sendCode: fromPromise(({ input }) => sendCode(input as P)),
        },
      }),
    [sendCode],
  );
  const [state, send] = useMachine(machine, actorInspection());
  const { remaining, errorCode } = state.context;

  useEffect(() => onError?.(errorCode), [errorCode, onError]);

  const sending = state.matches('sending');
  const counting = state.matches('counting');
  return (
    <button
      type="button"
      className="btn btn-secondary send-code"
      disabled={sending || counting}
      aria-busy={sending}
      onClick={() => {
        const params = prepare();
        if (params) send({ type: 'SEND', params });
      }}
    >
      {sending && <span className="spinner" aria-hidden="true" />}
      {counting ? (
        <Trans>Resend in {remaining} s</Trans>
      ) : sending ? (
        <Trans>Sending…</Trans>
      ) : (
        <Trans>Send code</Trans>
      )}
    </button>
  );
}
