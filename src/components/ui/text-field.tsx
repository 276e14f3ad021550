import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField } from './field-description';
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
  return (
    <LabelledField label={label} error={error} hint={hint}>
      {(control) => (
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
      )}
    </LabelledField>
  );
}
