import { useEffect } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { safeRedirect } from '../../lib/redirect';
import './loading.css';

const route = getRouteApi('/loading');

/** How long the hand-over screen shows at least, so that it reads as a step rather than a flash. */
const MIN_VISIBLE_MS = 600;

/**
 * /loading: the hand-over page the apps and payment providers open. Start-up has already taken the
 * `token` and the other query parameters; this page shows progress and continues to `?redirect`
 * (a path on this site only, like the login redirect) or the home page.
 */
export default function LoadingPage() {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate({ href: safeRedirect(redirect, '/'), replace: true });
    }, MIN_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirect]);
  return (
    <main className="loading-page">
      <div className="loading-page__box" role="status">
        <span className="loading-page__spinner" aria-hidden="true" />
        <h1 className="loading-page__title">
          <Trans>Just a moment…</Trans>
        </h1>
        <p>
          <Trans>Getting Kestrel VPN ready for you.</Trans>
        </p>
      </div>
    </main>
  );
}
