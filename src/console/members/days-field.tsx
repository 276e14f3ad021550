import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';

/**
 * The days a membership moves by (one member's, or every active member's); `error` is the contract
 * code they were refused with (ADJUST_DAYS_INVALID...), or null.
 */
export function DaysField({
  error,
  ...field
}: Omit<TextFieldProps, 'error'> & { error: number | null }) {
  const errorText = useErrorText();
  return (
    <TextField
      {...field}
      type="number"
      inputMode="numeric"
      error={error === null ? null : errorText(error)}
      autoComplete="off"
    />
  );
}
