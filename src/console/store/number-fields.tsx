import { TextField, type TextFieldProps } from '../../components/ui/text-field';

/** A whole number as typed (months, uses, a count): the phone shows digits; `wholeOf` reads it. */
export function WholeField(props: Omit<TextFieldProps, 'inputMode'>) {
  return <TextField inputMode="numeric" {...props} />;
}

/** An amount of money as typed ("28.80"): the phone shows digits and a point; `minorOf` reads it. */
export function PriceField(props: Omit<TextFieldProps, 'inputMode'>) {
  return <TextField inputMode="decimal" {...props} />;
}
