import type { ReactNode } from 'react';
import { LabelledField } from '../../components/ui/field-description';

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
  /** A line under the text area (what it takes), while there is no error. */
  hint?: ReactNode;
}) {
  return (
    <LabelledField label={label} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          className="field__input console-textarea"
          lang={lang}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledField>
  );
}
