import type { ReactNode } from 'react';

/** Disabled with a spinner while the request runs, so a second click cannot send twice. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={pending}
      aria-busy={pending}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
