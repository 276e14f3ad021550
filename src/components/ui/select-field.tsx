import type { ReactNode } from 'react';
import { useFieldDescription } from './field-description';
import './form.css';

export interface SelectOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
}

/**
 * A labelled choice among a few values, styled like the text fields. `''` is the "any" choice of a
 * filter when `anyLabel` is given.
 */
export function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  anyLabel,
}: {
  label: ReactNode;
  value: T | '';
  onChange: (value: T | '') => void;
  options: readonly SelectOption<T>[];
  anyLabel?: ReactNode;
}) {
  const { control } = useFieldDescription(null);
  return (
    <div className="field">
      <label htmlFor={control.id} className="field__label">
        {label}
      </label>
      <select
        {...control}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value as T | '')}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
