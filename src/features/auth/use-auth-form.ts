import { useState, type FormEvent } from 'react';
import { useErrorText } from '../../i18n/use-error-text';
import type { FieldErrors } from '../../lib/validate';

/**
 * What the log-in, register and reset-password forms keep alike: the fields' errors, in the user's
 * language, and the pending submit. `submit` shows what `validate` finds or, when it finds nothing,
 * sends; a refusal (the API client has shown the server's message) leaves the form as it was.
 */
export function useAuthForm<Field extends string>() {
  const errorText = useErrorText();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);

  const submit = async (
    event: FormEvent,
    validate: () => FieldErrors<Field>,
    send: () => Promise<void>,
  ) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await send();
    } catch {
      setPending(false);
    }
  };

  const err = (field: Field) => (errors[field] ? errorText(errors[field]) : null);
  return { setErrors, pending, submit, err };
}
