import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleSignOut } from '../../contract/endpoints/console';
import { consoleCall, onConsoleSignedOut } from './api/console-client';
import { CONSOLE_KEY, consoleSessionQuery, storeConsoleSession } from './api/console-queries';
import { useRoleName } from './roles';
import { sectionsFor } from './sections';
import { StepUpProvider } from './step-up';

/** No staff session any more: nothing of the last one stays in the cache. */
function forgetSession(queryClient: QueryClient): void {
  storeConsoleSession(queryClient, null);
  queryClient.removeQueries({
    queryKey: CONSOLE_KEY,
    predicate: (query) => query.queryKey[1] !== 'session',
  });
}

/**
 * The signed-in console (/admin and its sections): who is signed in, the sections their role
 * allows, sign-out. A call that answers CONSOLE_SIGNED_OUT (15 min idle, 8 h absolute) brings the
 * sign-in page back.
 */
export default function ConsoleShell() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const { data: session } = useSuspenseQuery(consoleSessionQuery);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // The session is forgotten; the shell then renders the way to the sign-in page.
    onConsoleSignedOut(() => forgetSession(queryClient));
    return () => onConsoleSignedOut(() => undefined);
  }, [queryClient]);

  if (!session) return <Navigate to="/admin/login" replace />;

  const signOut = async () => {
    setLeaving(true);
    try {
      await consoleCall(consoleSignOut, {});
    } catch {
      // Signed out already or unreachable: the cookie is the server's to clear; leave anyway.
    }
    forgetSession(queryClient);
  };

  return (
    <div className="console-shell">
      <nav className="console-nav" aria-label={t`Console`}>
        <ul className="console-nav__list">
          <li>
            <Link to="/admin" activeOptions={{ exact: true }} className="console-nav__link">
              <Trans>Overview</Trans>
            </Link>
          </li>
          {sectionsFor(session.permissions).map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="console-nav__link">
                {i18n._(section.label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="console-nav__who">
          <span>
            <Trans>
              Signed in as <strong>{session.staff.username}</strong> ({roleName(session.staff.role)}
              )
            </Trans>
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void signOut()}
            disabled={leaving}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </nav>
      <main id="console-main" className="console-main">
        <StepUpProvider>
          <Outlet />
        </StepUpProvider>
      </main>
    </div>
  );
}
