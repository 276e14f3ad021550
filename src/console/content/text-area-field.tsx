import type { ReactNode } from 'react';
import { FieldError, useFieldDescription } from '../../components/ui/field-description';

/** A labelled text area of the content forms (an announcement's text, a benefit's description). */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  lang,
  maxLength,
  rows = 4,
  hint,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  lang: string;
  maxLength: number;
  rows?: number;
  /** A line under the label (what the field takes). */
  hint?: ReactNode;
}) {
  const { id, errorId, hintId, control } = useFieldDescription(error, hint);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        {...control}
        className="field__input console-textarea"
        lang={lang}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
