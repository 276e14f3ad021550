import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import './copy-field.css';

/**
 * A read-only value with its label and a copy button (an invite link, an invite code).
 * `inputClassName` adds a look of the value's own, such as the invite code's.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  inputClassName,
}: {
  id: string;
  label: ReactNode;
  value: string;
  /** The copy button's name for screen readers. */
  copyLabel: string;
  inputClassName?: string;
}) {
  return (
    <div className="copy-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field__row">
        <input
          id={id}
          className={inputClassName ? `copy-field__input ${inputClassName}` : 'copy-field__input'}
          readOnly
          value={value}
        />
        <CopyButton text={value} aria-label={copyLabel} />
      </div>
    </div>
  );
}
