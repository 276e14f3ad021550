import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Disabled with a spinner while the request runs, so a second click cannot send twice. On a
 * prerendered page (a prerendered /login, say) it is a plain button until the app has adopted the
 * page: Enter or a click in that second does nothing, where the browser would otherwise submit the
 * form itself and reload the page with what was typed gone. It looks the same either way.
 */
export function SubmitButton({
  pending,
  children,
  tone = 'primary',
}: {
  pending: boolean;
  children: ReactNode;
  tone?: 'primary' | 'danger';
}) {
  const hydrated = useHydrated();
  return (
    <button
      type={hydrated ? 'submit' : 'button'}
      className={`btn btn-${tone} btn-block`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
