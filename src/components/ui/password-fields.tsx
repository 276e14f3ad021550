import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from './text-field';

/** A password input: its label may be left to the kind of field (each below has its own). */
type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'label'> & {
  label?: ReactNode;
};

/**
 * The password the person has now (signing in, confirming a change to the account): the browser's
 * password manager may fill it in.
 */
export function CurrentPasswordField({
  label = <Trans>Current password</Trans>,
  ...field
}: PasswordFieldProps) {
  return <TextField label={label} type="password" autoComplete="current-password" {...field} />;
}

/** The password being chosen: the browser may offer one, and the rule is shown under it. */
export function NewPasswordField({
  label = <Trans>New password</Trans>,
  ...field
}: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      hint={<Trans>At least 8 characters.</Trans>}
      {...field}
    />
  );
}

/** The new password typed again, so a slip of the finger is caught before it is saved. */
export function RepeatPasswordField({
  label = <Trans>Repeat the new password</Trans>,
  ...field
}: PasswordFieldProps) {
  return <TextField label={label} type="password" autoComplete="new-password" {...field} />;
}
