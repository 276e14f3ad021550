import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The 6-digit code of an authenticator app (a member's two-step sign-in, the staff console's
 * sign-in, enrolment and step-up): offered by the phone's keyboard and autofill as a one-time code.
 */
export function AuthenticatorCodeField({
  label,
  ...field
}: Omit<TextFieldProps, 'label' | 'autoComplete' | 'inputMode' | 'maxLength'> & {
  /** "Authenticator code" unless given. */
  label?: ReactNode;
}) {
  return (
    <TextField
      label={label ?? <Trans>Authenticator code</Trans>}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      {...field}
    />
  );
}

/**
 * The second step of a sign-in (a member's, a staff member's): the authenticator's code, or with
 * `recovery` one of the saved recovery codes, each with its hint. The fields are keyed apart, so
 * switching starts on an empty one.
 */
export function SecondFactorField({
  recovery,
  recoveryHint,
  recoveryAutoComplete,
  ...field
}: Pick<TextFieldProps, 'value' | 'onChange' | 'error' | 'autoFocus'> & {
  recovery: boolean;
  /** Where the recovery codes came from ("…when you enrolled"). */
  recoveryHint: ReactNode;
  recoveryAutoComplete: string;
}) {
  return recovery ? (
    <TextField
      key="recovery"
      label={<Trans>Recovery code</Trans>}
      {...field}
      autoComplete={recoveryAutoComplete}
      autoCapitalize="none"
      spellCheck={false}
      hint={recoveryHint}
    />
  ) : (
    <AuthenticatorCodeField
      key="totp"
      {...field}
      hint={<Trans>The 6-digit code your authenticator app shows now.</Trans>}
    />
  );
}
