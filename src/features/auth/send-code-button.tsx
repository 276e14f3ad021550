import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { verificationCodeMachine } from '../../../machines/verification-code/verification-code.machine';
import type { SendCodeParams } from '../../../machines/verification-code/verification-code.types';
import { actorInspection } from '../../lib/inspector';
import { sendCode } from './api/auth-calls';

interface SendCodeButtonProps {
  /** The params to send, or null when the target field is invalid (the form shows why). */
  prepare: () => SendCodeParams | null;
  /** The machine's last failure, for the form to show next to the field. */
  onError?: (code: number | null) => void;
}

/** The "Send code" button with the countdown of the verification-code machine (DESIGN §5). */
export function SendCodeButton({ prepare, onError }: SendCodeButtonProps) {
  const machine = useMemo(
    () =>
      verificationCodeMachine.provide({
        actors: {
          sendCode: fromPromise(({ input }) => sendCode(input)),
        },
      }),
    [],
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
