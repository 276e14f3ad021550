import type { ReactNode } from 'react';

/** Disabled with a spinner while the request runs, so a second click cannot send twice. */
export function SubmitButton({
  pending,
  children,
  tone = 'primary',
}: {
  pending: boolean;
  children: ReactNode;
  tone?: 'primary' | 'danger';
}) {
  return (
    <button
      type="submit"
      className={`btn btn-${tone} btn-block`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
