import { Trans } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from '../components/ui/text-field';

/**
 * The name an operator gives what the console sets up (a node, a network): at most 64 characters,
 * as the contract's name fields allow, and never filled in by the browser.
 */
export function NameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label={<Trans>Name</Trans>}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="off"
      maxLength={64}
    />
  );
}

/**
 * A value typed as a machine reads it (a host name, a URL, an address): the browser neither fills
 * it in, capitalises it nor checks its spelling.
 */
export function VerbatimField(props: TextFieldProps) {
  return <TextField autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} />;
}
