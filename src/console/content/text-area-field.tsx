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
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  lang: string;
  maxLength: number;
}) {
  const { id, errorId, control } = useFieldDescription(error);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        {...control}
        className="field__input console-textarea"
        lang={lang}
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
