import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { secondFactorField, totpCodeField } from '../../../contract/validation';
import { AuthenticatorSecret } from '../../components/authenticator-secret';
import { RecoveryCodes } from '../../components/recovery-codes';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime } from '../../i18n/intl-format';
import { useErrorText } from '../../i18n/use-error-text';
import { refusalOf, type Refusal } from '../../lib/api-error';
import { showToast } from '../../lib/toast-store';
import { fieldError } from '../../lib/validate';
import { disableTotp, enableTotp, securityKey, startTotpSetup } from './api/security';

interface Status {
  readonly totpEnabled: boolean;
  readonly totpEnabledAt: string | null;
  readonly recoveryCodesLeft: number;
}

type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'settingUp'; readonly secret: string; readonly otpauthUrl: string }
  | { readonly kind: 'showingCodes'; readonly codes: readonly string[] }
  | { readonly kind: 'turningOff' };

/** A code field's value and what is wrong with it (a local check, or the server's refusal). */
function useCodeInput() {
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<number | Refusal | null>(null);
  const error = problem === null ? null : errorText(problem);
  return { code, setCode, problem: setProblem, error };
}

/**
 * Two-step sign-in with an authenticator app: turning it on shows the secret as a QR code and as
 * text, takes one code, then shows the 10 recovery codes once; turning it off takes a code or a
 * recovery code (docs/account-security.md).
 */
export function TwoStepCard({ status }: { status: Status }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [pending, setPending] = useState(false);
  const input = useCodeInput();

  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });

  const begin = async () => {
    setPending(true);
    try {
      const secret = await startTotpSetup();
      input.setCode('');
      input.problem(null);
      setStep({ kind: 'settingUp', ...secret });
    } catch {
      // The toast said why.
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldError(totpCodeField, input.code);
    input.problem(invalid);
    if (invalid !== null) return;
    setPending(true);
    try {
      const { recoveryCodes } = await enableTotp(input.code);
      setStep({ kind: 'showingCodes', codes: recoveryCodes });
      await refresh();
    } catch (error) {
      input.problem(refusalOf(error));
    } finally {
      setPending(false);
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldError(secondFactorField, input.code);
    input.problem(invalid);
    if (invalid !== null) return;
    setPending(true);
    try {
      await disableTotp(input.code.trim());
      setStep({ kind: 'idle' });
      showToast(t`Two-step sign-in is off.`, 'success');
      await refresh();
    } catch (error) {
      input.problem(refusalOf(error));
    } finally {
      setPending(false);
    }
  };

  const cancel = (
    <button
      type="button"
      className="btn btn-ghost"
      disabled={pending}
      onClick={() => setStep({ kind: 'idle' })}
    >
      <Trans>Cancel</Trans>
    </button>
  );

  return (
    <TitledCard look="security-card" title={<Trans>Two-step sign-in</Trans>}>
      {step.kind === 'showingCodes' ? (
        <div className="security-form">
          <p>
            <Trans>
              Two-step sign-in is on. If you lose your authenticator app, each of these codes signs
              you in once. They are shown only now: copy or download them and keep them somewhere
              safe.
            </Trans>
          </p>
          <RecoveryCodes
            codes={step.codes}
            fileName="kestrel-vpn-recovery-codes.txt"
            heading={t`Kestrel VPN recovery codes`}
            confirm={<Trans>Done</Trans>}
            onConfirm={() => setStep({ kind: 'idle' })}
          />
        </div>
      ) : step.kind === 'settingUp' ? (
        <form className="security-form" noValidate onSubmit={(event) => void confirm(event)}>
          <AuthenticatorSecret
            id="two-step-secret"
            secret={step.secret}
            otpauthUrl={step.otpauthUrl}
          />
          <AuthenticatorCodeField
            value={input.code}
            onChange={input.setCode}
            error={input.error}
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
          {step.kind === 'turningOff' ? (
            <form className="security-form" noValidate onSubmit={(event) => void turnOff(event)}>
              <TextField
                label={<Trans>Authenticator code or recovery code</Trans>}
                value={input.code}
                onChange={input.setCode}
                error={input.error}
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
              onClick={() => {
                input.setCode('');
                input.problem(null);
                setStep({ kind: 'turningOff' });
              }}
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
            onClick={() => void begin()}
          >
            <Trans>Turn on two-step sign-in</Trans>
          </button>
        </>
      )}
    </TitledCard>
  );
}
