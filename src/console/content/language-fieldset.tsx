import type { ReactNode } from 'react';
import { TextField } from '../../components/ui/text-field';
import { TextAreaField } from './text-area-field';

interface Field {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | null;
  readonly maxLength: number;
}

/**
 * One language's half of a content form: its title and its longer text, marked with the language
 * so screen readers and spell checkers read them right (an announcement, a benefit).
 */
export function LanguageFieldset({
  legend,
  lang,
  title,
  text,
}: {
  legend: ReactNode;
  lang: 'en' | 'zh-CN';
  title: Field;
  text: Field;
}) {
  return (
    <fieldset className="console-content__language">
      <legend>{legend}</legend>
      <TextField {...title} lang={lang} autoComplete="off" />
      <TextAreaField {...text} lang={lang} />
    </fieldset>
  );
}
