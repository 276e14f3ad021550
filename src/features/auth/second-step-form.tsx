import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { Errors, retryAfterSecondsOf } from '../../../contract/errors';
import { secondFactorField, totpCodeField } from '../../../contract/validation';
import type { SecondStepFactor } from '../../../machines/sign-in/sign-in.types';
import { SubmitButton } from '../../components/ui/submit-button';
import { SecondFactorField } from '../../components/ui/authenticator-code-field';
import { useErrorText } from '../../i18n/use-error-text';
import type { Refusal } from '../../lib/api-error';
import { useCountdown } from '../../lib/use-countdown';
import { fieldError } from '../../lib/validate';

/**
 * The second step of a sign-in with two-step sign-in on: the authenticator's 6-digit code or, behind
 * the toggle, one of the recovery codes. A refusal (a wrong code, the throttle's wait) is shown under
 * the field, in the language shown now; the throttle's wait counts down to the second it is over.
 */
export function SecondStepForm({
  factor,
  pending,
  refusal,
  onSubmit,
  onToggle,
  onBack,
  onPasskey,
}: {
  factor: SecondStepFactor;
  pending: boolean;
  refusal: Refusal | null;
  onSubmit: (code: string) => void;
  onToggle: () => void;
  onBack: () => void;
  /** "Use a passkey": offered when the server said the member has one. */
  onPasskey?: (() => void) | undefined;
}) {
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<number | null>(null);
  const recovery = factor === 'recovery';
  // A throttled answer says how long to wait: that wait counts down here, and is gone once over.
  const wait =
    refusal?.code === Errors.TOO_MANY_FAILED_ATTEMPTS.code
      ? retryAfterSecondsOf(refusal.data)
      : undefined;
  const left = useCountdown(wait ?? 0, wait !== undefined, refusal?.data);
  const shown =
    invalid ??
    (wait === undefined
      ? refusal
      : left > 0
        ? { code: Errors.TOO_MANY_FAILED_ATTEMPTS.code, data: { retryAfterSeconds: left } }
        : null);
  const error = shown === null ? null : errorText(shown);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(recovery ? secondFactorField : totpCodeField, code);
    setInvalid(found);
    if (found === null) onSubmit(code.trim());
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <SecondFactorField
        recovery={recovery}
        value={code}
        onChange={setCode}
        error={error}
        autoFocus
        recoveryAutoComplete="one-time-code"
        recoveryHint={
          <Trans>One of the 10 codes you saved when you turned two-step sign-in on.</Trans>
        }
      />
      <SubmitButton pending={pending}>
        <Trans>Verify and log in</Trans>
      </SubmitButton>
      {onPasskey && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={pending}
          onClick={() => {
            setCode('');
            setInvalid(null);
            onPasskey();
          }}
        >
          <Trans>Use a passkey</Trans>
        </button>
      )}
      <div className="auth-card__footer auth-second-step__links">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={pending}
          onClick={() => {
            setCode('');
            setInvalid(null);
            onToggle();
          }}
        >
          {recovery ? (
            <Trans>Use the authenticator app instead</Trans>
          ) : (
            <Trans>Use a recovery code</Trans>
          )}
        </button>
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </div>
    </form>
  );
}
