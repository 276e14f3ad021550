import { Trans } from '@lingui/react/macro';
import { TextField } from '../components/ui/text-field';
import { useErrorText } from '../i18n/use-error-text';

/** The reason an operator gives for an action, kept in the audit trail with their name. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The contract code the reason was refused with (REASON_REQUIRED...), or null. */
  error: number | null;
}) {
  const errorText = useErrorText();
  return (
    <TextField
      label={<Trans>Reason</Trans>}
      value={value}
      onChange={onChange}
      error={error === null ? null : errorText(error)}
      autoComplete="off"
      hint={<Trans>Kept in the audit trail with your name.</Trans>}
    />
  );
}
