import { useState } from 'react';
import { useErrorText } from '../i18n/use-error-text';
import type { Refusal } from '../lib/api-error';
import { collectErrors, type FieldErrors } from '../lib/validate';

/**
 * The field errors of a console form: what the contract's field rules refuse before sending
 * (`check`), the server's refusals that name one field (`fieldOf`: shown under it rather than above
 * the form, through `claim`, useConsoleAct's `claim`), and each field's error in the reader's
 * language (`shown`).
 */
export function useFieldErrors<Field extends string>(
  fieldOf: Readonly<Partial<Record<number, Field>>>,
) {
  const errorText = useErrorText();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  /** Shows what the checks refuse; true when every field passed. */
  const check = (checks: Record<Field, number | null>): boolean => {
    const found = collectErrors<Field>(checks);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** Puts a refusal under its field; false when it names none (it belongs above the form). */
  const claim = ({ code }: Refusal): boolean => {
    const field = fieldOf[code];
    if (field === undefined) return false;
    setErrors({ [field]: code } as FieldErrors<Field>);
    return true;
  };

  const shown = (field: Field) => (errors[field] === undefined ? null : errorText(errors[field]));
  /** Clears every field's error (the form was emptied). */
  const reset = () => setErrors({});
  return { check, claim, shown, reset };
}
