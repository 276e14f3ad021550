import { Suspense, lazy, useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { PagePending } from '../../components/page-pending';
import { Toaster } from '../../components/ui/toaster';
import { prefetchCatalog, shouldPrefetchCatalog } from '../../lib/queries/catalog';
import { PREFETCH_DELAY_MS } from '../../lib/query-client';
import { loadSupportWidget } from '../support-widget';
import { isDebugRequested } from '../debug/debug-flag';
import { Footer } from './footer';
import { Header } from './header';
import { useDisplayConfig } from '../../lib/queries/use-display-config';
import { isLoggedIn } from '../../lib/session/session';
import { useSessionState } from '../../lib/session/session-context';
import { useHydrated } from '../../lib/use-hydrated';
import { useRouteMeta } from '../seo/use-route-meta';
import './root-layout.css';

const DebugConsole = lazy(() => import('../debug/debug-console'));
/** The announcement banner: its own small chunk, asked for once the page is hydrated. */
const NoticeBanner = lazy(() => import('../../features/notices/notice-banner'));

/** SPEC §9: on the selling pages, the goods list and configs are fetched 1.5 s after load. */
function useCatalogPrefetch() {
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (!shouldPrefetchCatalog(pathname)) return;
    const timer = setTimeout(() => prefetchCatalog(queryClient), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, queryClient]);
}

function PendingBar() {
  const { t } = useLingui();
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  return loading ? (
    <div className="route-progress" role="progressbar" aria-label={t`Loading`} />
  ) : null;
}

/**
 * After an in-app navigation, focus moves to the new page, so keyboard and screen-reader users
 * start reading there instead of at the link they left behind. Not on the first load.
 */
function useFocusOnNavigation(target: RefObject<HTMLDivElement | null>) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}

/** The operator console's pages (/admin/...) bring their own frame (src/console/console-frame). */
const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function RootLayout() {
  const mainRef = useRef<HTMLDivElement>(null);
  const inConsole = useLocation({ select: (location) => isConsolePath(location.pathname) });
  useFocusOnNavigation(mainRef);
  useRouteMeta();
  useCatalogPrefetch();
  const config = useDisplayConfig();
  const hydrated = useHydrated();
  const signedIn = useSessionState(isLoggedIn);
  // Asked once the session is known, so a member never sees a banner they dismissed elsewhere.
  const sessionKnown = useSessionState((s) => !s.matches('unknown') && !s.matches('loggingOut'));
  useEffect(() => {
    if (config && !inConsole) loadSupportWidget(config.supportWidget, window.location.host);
  }, [config, inConsole]);

  return (
    <div className="app-shell">
      <PendingBar />
      {!inConsole && <Header />}
      {!inConsole && hydrated && sessionKnown && (
        <Suspense fallback={null}>
          <NoticeBanner signedIn={signedIn} />
        </Suspense>
      )}
      <div id="main" className="app-main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<PagePending />}>
          <Outlet />
        </Suspense>
      </div>
      {!inConsole && <Footer />}
      <Toaster />
      {isDebugRequested() && (
        <Suspense fallback={null}>
          <DebugConsole />
        </Suspense>
      )}
    </div>
  );
}
