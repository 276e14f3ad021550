import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField } from '../../components/ui/text-field';

/** The password being chosen (registering, resetting): the browser may offer one, the rule is shown. */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="new-password"
      hint={<Trans>At least 8 characters.</Trans>}
    />
  );
}
