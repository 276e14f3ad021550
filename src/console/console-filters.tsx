import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../components/ui/text-field';
import { fieldError } from '../lib/validate';
import { useFieldErrors } from './use-field-errors';

/**
 * The state of a filtered, paged console list: the form as typed, the filters applied (the read's
 * input), and the page. Applying or clearing goes back to the first page. With `checks` (each
 * field's contract code, or null: `typedError`), Filter applies nothing while a field is refused,
 * and `shown` is that field's error; Clear clears them too.
 */
export function useListFilters<Form extends object, Field extends string = never>(
  empty: Form,
  checks?: (form: Form) => Record<Field, number | null>,
) {
  const [form, setForm] = useState<Form>(empty);
  const [applied, setApplied] = useState<Form>(empty);
  const [page, setPage] = useState(1);
  const errors = useFieldErrors<Field>({});
  return {
    form,
    applied,
    page,
    setPage,
    /** The change handler of one field. */
    set:
      <K extends keyof Form>(key: K) =>
      (value: Form[K]) =>
        setForm((f) => ({ ...f, [key]: value })),
    apply: () => {
      if (checks && !errors.check(checks(form))) return;
      setApplied(form);
      setPage(1);
    },
    clear: () => {
      errors.reset();
      setForm(empty);
      setApplied(empty);
      setPage(1);
    },
    shown: errors.shown,
  };
}

/** A filter field's contract code as typed (trimmed), or null when it passes or is left empty. */
export const typedError = (rule: z.ZodType, typed: string) =>
  typed.trim() ? fieldError(rule, typed.trim()) : null;

/** The Member ID filter of a console list (checked with `memberIdField`). */
export function MemberIdFilter({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: ReactNode;
}) {
  return (
    <TextField
      label={<Trans>Member ID</Trans>}
      value={value}
      onChange={onChange}
      inputMode="numeric"
      autoComplete="off"
      hint={hint}
      error={error}
    />
  );
}

/** A console list's filter form: its fields, then Filter and Clear. */
export function ConsoleFilters({
  label,
  onApply,
  onClear,
  children,
}: {
  /** The form's accessible name ("Filter the orders"). */
  label: string;
  /** Called on Filter. */
  onApply: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="console-panel console-filters card"
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onApply();
      }}
    >
      {children}
      <div className="console-filters__buttons">
        <button type="submit" className="btn btn-primary">
          <Trans>Filter</Trans>
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClear}>
          <Trans>Clear</Trans>
        </button>
      </div>
    </form>
  );
}

/** A list's title with how many entries match in all, once read (announced when it changes). */
export function CountedTitle({
  title,
  total,
  testId,
}: {
  title: ReactNode;
  total: number | undefined;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      {title}{' '}
      <span className="console-muted" aria-live="polite" data-testid={testId}>
        {total === undefined ? '' : t`(${total} in all)`}
      </span>
    </>
  );
}
