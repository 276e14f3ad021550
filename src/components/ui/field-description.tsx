import { useId, type ReactNode } from 'react';

/**
 * A form control's id and the attributes that tie it to the error (and the hint) shown under it,
 * so a screen reader announces them with the control.
 */
export function useFieldDescription(error: string | null | undefined, hint?: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return {
    id,
    errorId,
    hintId,
    /** The control's own attributes: its id, and whether it is invalid and what describes it. */
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** The error under a control, with the id the control is described by. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

/**
 * A labelled control: its label, the control (given the attributes of `useFieldDescription`), the
 * hint under it while there is no error, and the error.
 */
export function LabelledField({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error: string | null | undefined;
  hint: ReactNode;
  children: (control: ReturnType<typeof useFieldDescription>['control']) => ReactNode;
}) {
  const { id, errorId, hintId, control } = useFieldDescription(error, hint);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children(control)}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
