import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
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
 * so screen readers and spell checkers read them right.
 */
function LanguageFieldset({
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

/** A content form's title and longer text in both languages, English beside Chinese (an announcement, a benefit). */
export function LanguageFieldsets({
  english,
  chinese,
}: {
  english: { title: Field; text: Field };
  chinese: { title: Field; text: Field };
}) {
  return (
    <div className="console-content__languages">
      <LanguageFieldset legend={<Trans>English</Trans>} lang="en" {...english} />
      <LanguageFieldset legend={<Trans>Chinese</Trans>} lang="zh-CN" {...chinese} />
    </div>
  );
}
