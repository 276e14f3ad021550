import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { secondFactorField, totpCodeField } from '../../../contract/validation';
import { twoStepSetupMachine } from '../../../machines/two-step-setup/two-step-setup.machine';
import type {
  TwoStepCodeInput,
  TwoStepEnabled,
} from '../../../machines/two-step-setup/two-step-setup.types';
import { AuthenticatorSecret } from '../../components/authenticator-secret';
import { RecoveryCodes } from '../../components/recovery-codes';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime } from '../../i18n/intl-format';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import { showToast } from '../../lib/toast-store';
import { fieldError } from '../../lib/validate';
import { disableTotp, enableTotp, securityKey, startTotpSetup } from './api/security';

interface Status {
  readonly totpEnabled: boolean;
  readonly totpEnabledAt: string | null;
  readonly recoveryCodesLeft: number;
}

/** A code field's value and what is wrong with it locally (the server's refusals are the machine's). */
function useCodeInput() {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<number | null>(null);
  return { code, setCode, problem, setProblem };
}

/**
 * Two-step sign-in with an authenticator app: turning it on shows the secret as a QR code and as
 * text, takes one code, then shows the 10 recovery codes once; turning it off takes a code or a
 * recovery code (docs/account-security.md). The steps are the two-step setup machine's
 * (machines/two-step-setup); whether it is on is the server's answer to user_security.
 */
export function TwoStepCard({ status }: { status: Status }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const input = useCodeInput();
  // The machine is made once; its toast reads the language of the moment it is shown.
  const offText = useRef('');
  offText.current = t`Two-step sign-in is off.`;
  const machine = useMemo(
    () =>
      twoStepSetupMachine.provide({
        actors: {
          makeSecret: fromPromise(() => startTotpSetup()),
          enable: fromPromise<TwoStepEnabled, TwoStepCodeInput>(({ input: { code } }) =>
            enableTotp(code),
          ),
          disable: fromPromise<unknown, TwoStepCodeInput>(({ input: { code } }) =>
            disableTotp(code),
          ),
        },
        actions: {
          refreshStatus: () => void queryClient.invalidateQueries({ queryKey: securityKey }),
          announceOff: () => showToast(offText.current, 'success'),
        },
      }),
    [queryClient],
  );
  const [state, send] = useMachine(machine, actorInspection());
  const { secret, recoveryCodes, errorCode, errorData } = state.context;
  const refused = errorCode === null ? null : errorText({ code: errorCode, data: errorData });
  const codeError = input.problem !== null ? errorText(input.problem) : refused;
  const pending =
    state.matches('makingSecret') || state.matches('enabling') || state.matches('disabling');

  /** Opens a step with an empty code field. */
  const open = (event: { type: 'START' } | { type: 'TURN_OFF' }) => {
    input.setCode('');
    input.setProblem(null);
    send(event);
  };

  const submit = (event: FormEvent, rule: typeof totpCodeField | typeof secondFactorField) => {
    event.preventDefault();
    const invalid = fieldError(rule, input.code);
    input.setProblem(invalid);
    if (invalid === null) send({ type: 'SUBMIT', code: input.code.trim() });
  };

  const cancel = (
    <button
      type="button"
      className="btn btn-ghost"
      disabled={pending}
      onClick={() => send({ type: 'CANCEL' })}
    >
      <Trans>Cancel</Trans>
    </button>
  );

  return (
    <TitledCard look="security-card" title={<Trans>Two-step sign-in</Trans>}>
      {state.matches('showingCodes') ? (
        <div className="security-form">
          <p>
            <Trans>
              Two-step sign-in is on. If you lose your authenticator app, each of these codes signs
              you in once. They are shown only now: copy or download them and keep them somewhere
              safe.
            </Trans>
          </p>
          <RecoveryCodes
            codes={recoveryCodes}
            fileName="kestrel-vpn-recovery-codes.txt"
            heading={t`Kestrel VPN recovery codes`}
            confirm={<Trans>Done</Trans>}
            onConfirm={() => send({ type: 'CONFIRM_SAVED' })}
          />
        </div>
      ) : secret !== null ? (
        <form
          className="security-form"
          noValidate
          onSubmit={(event) => submit(event, totpCodeField)}
        >
          <AuthenticatorSecret
            id="two-step-secret"
            secret={secret.secret}
            otpauthUrl={secret.otpauthUrl}
          />
          <AuthenticatorCodeField
            value={input.code}
            onChange={input.setCode}
            error={codeError}
            hint={<Trans>The 6-digit code your authenticator app shows now.</Trans>}
          />
          <div className="security-card__buttons">
            <SubmitButton pending={pending}>
              <Trans>Turn on</Trans>
            </SubmitButton>
            {cancel}
          </div>
        </form>
      ) : status.totpEnabled ? (
        <>
          <p className="security-card__status">
            <span className="badge">
              <Trans>On</Trans>
            </span>{' '}
            {status.totpEnabledAt && (
              <Trans>
                Since {formatDateTime(i18n.locale, { dateStyle: 'medium' }, status.totpEnabledAt)}.
              </Trans>
            )}{' '}
            <Trans>Recovery codes left: {status.recoveryCodesLeft}</Trans>
          </p>
          {state.matches('turningOff') || state.matches('disabling') ? (
            <form
              className="security-form"
              noValidate
              onSubmit={(event) => submit(event, secondFactorField)}
            >
              <TextField
                label={<Trans>Authenticator code or recovery code</Trans>}
                value={input.code}
                onChange={input.setCode}
                error={codeError}
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
              />
              <div className="security-card__buttons">
                <SubmitButton pending={pending} tone="danger">
                  <Trans>Turn off two-step sign-in</Trans>
                </SubmitButton>
                {cancel}
              </div>
            </form>
          ) : (
            <button
              type="button"
              className="btn btn-secondary security-card__action"
              onClick={() => open({ type: 'TURN_OFF' })}
            >
              <Trans>Turn off</Trans>
            </button>
          )}
        </>
      ) : (
        <>
          <p>
            <Trans>
              Off. With two-step sign-in, logging in also asks for a code from an authenticator app
              on your phone, so a stolen password alone cannot open your account.
            </Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary security-card__action"
            disabled={pending}
            onClick={() => open({ type: 'START' })}
          >
            <Trans>Turn on two-step sign-in</Trans>
          </button>
        </>
      )}
    </TitledCard>
  );
}
