import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The state of a filtered, paged console list: the form as typed, the filters applied (the read's
 * input), and the page. Applying or clearing goes back to the first page.
 */
export function useListFilters<Form extends object>(empty: Form) {
  const [form, setForm] = useState<Form>(empty);
  const [applied, setApplied] = useState<Form>(empty);
  const [page, setPage] = useState(1);
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
      setApplied(form);
      setPage(1);
    },
    clear: () => {
      setForm(empty);
      setApplied(empty);
      setPage(1);
    },
  };
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
