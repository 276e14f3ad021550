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
