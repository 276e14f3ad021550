import type { ReactNode } from 'react';
import './form.css';

/** A labelled checkbox: a choice that is on or off ("Members see it"). */
export function CheckField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What ticking it means. */
  children: ReactNode;
}) {
  return (
    <label className="check">
      <span className="check__row">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{children}</span>
      </span>
    </label>
  );
}
