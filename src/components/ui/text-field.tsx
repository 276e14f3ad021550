import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError, useFieldDescription } from './field-description';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  /** A control beside the input, e.g. the send-code button. */
  addon?: ReactNode;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  addon,
  ...input
}: TextFieldProps) {
  const { id, errorId, hintId, control } = useFieldDescription(error, hint);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__row">
        <input
          {...control}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        {addon}
      </div>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
