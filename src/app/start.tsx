import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { activateLocale } from '../i18n/i18n';
import { apiLanguageOf, chooseLocale, isLocale } from '../../contract/locale';
import { onChunkFailure, onChunkLoaded } from '../lib/chunk-reload';
import { sessionFlags } from './lazy-page';
import { renderLoadFailure } from './load-failure';
import { appEnv } from '../lib/env';
import { createQueryClient } from '../lib/query-client';
import { seedBuiltInText } from '../lib/queries/page-text';
import { createSession } from '../lib/session/session';
import { getStoredLanguage, storeLanguage } from '../lib/storage';
import { warmApi } from '../lib/load-api';
import { startInspector, wantsInspector } from '../lib/inspector';
import { onUnauthorizedRedirect } from './unauthorized';
import { isAdCrawler } from './ad-crawler';
import { absorbQueryParams } from './query-params';
import { captureErrors } from './debug/error-log';
import { startSentry } from './sentry';
import { createAppRouter } from './router';
import { holdNavigationsForRouteSearch, loadRouteSearch } from './route-search';
import { App } from './app';

/** Set on `#root` by the prerender; removed once the app has rendered over it (e2e waits on it). */
export const PRERENDERED_MARK = 'data-prerendered';
/** Set on `#root` by the prerender on a page rendered for a visitor who is not logged in. */
export const PRERENDERED_SESSION = 'data-session';
export const HYDRATION_MARK = 'kestrel:hydrate';
const ROUTE_SEARCH_CHUNK = 'route-search';

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function reportHydrationMismatch(error: unknown): void {
  console.error('Prerendered page rendered over:', error);
}

/**
 * The search schemas failed to load after the first paint: most likely a new deployment replaced
 * the file, so reload once, as for a page's chunk (src/lib/chunk-reload.ts). A second failure
 * reloads no more; a route that reads its address then shows the error screen, with Reload.
 */
function reloadForNewBuild(): void {
  if (onChunkFailure(sessionFlags, ROUTE_SEARCH_CHUNK) === 'reload') window.location.reload();
}

/** Start-up in the order of issue 2 §4; returns false when nothing is rendered (ad crawlers). */
export async function start(container: HTMLElement): Promise<boolean> {
  // The prerendered page is what an ad crawler gets; the app does not start for it.
  if (isAdCrawler(navigator.userAgent)) return false;
  // A prerendered page is on screen already: each step of the start-up is its own task, so the
  // browser can answer the visitor between them (DESIGN §7, total blocking time).
  const prerenderedIn = container.getAttribute(PRERENDERED_MARK);
  const breather = () => (prerenderedIn === null ? undefined : yieldToBrowser());
  await breather();
  captureErrors();

  const cleanUrl = absorbQueryParams(window.location.href);
  if (cleanUrl !== null) window.history.replaceState(window.history.state, '', cleanUrl);

  // `?lang=en|zh-CN` (the hreflang alternates of src/app/seo) chooses the language and keeps it.
  const requested = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(requested)) storeLanguage(requested);
  const stored = getStoredLanguage();
  const locale = chooseLocale(stored, navigator.languages ?? []);
  // A choice stored before the language cookie existed reaches the server from now on.
  if (stored !== null) storeLanguage(locale);
  // Hydrated only if it is in the language the app chose (else rendered over, see below).
  const prerendered = prerenderedIn === locale;
  const catalogChunk = `locale:${locale}`;
  // The routes' search schemas (src/app/route-search.ts) come with the catalogue where the first
  // routes may read the address: a page not prerendered (its guard may send the visitor on to
  // /login?redirect=…) or an address with a search. A prerendered page without one paints and
  // hydrates without them; they follow right after (below).
  const searchFirst = !prerendered || window.location.search !== '';
  try {
    await Promise.all([
      activateLocale(locale),
      searchFirst ? loadRouteSearch() : undefined,
      wantsInspector(appEnv, window.location.search) ? startInspector() : undefined,
    ]);
    onChunkLoaded(sessionFlags, catalogChunk);
  } catch {
    // The catalog is a chunk like any page: reload once for a new deployment, then say so.
    if (onChunkFailure(sessionFlags, catalogChunk) === 'reload') window.location.reload();
    else renderLoadFailure(container, apiLanguageOf(locale));
    container.removeAttribute(PRERENDERED_MARK);
    return true;
  }

  await breather();
  const queryClient = createQueryClient();
  // The server sends a content page prerendered only while staff have not replaced its text.
  if (prerenderedIn !== null) seedBuiltInText(queryClient, window.location.pathname);
  // A guest page (/login …) was prerendered logged out and its guard waits for a settled session:
  // that session starts now, so the page can load. Any other starts once the page is adopted.
  const settleFirst = prerendered && container.getAttribute(PRERENDERED_SESSION) === 'loggedOut';
  const session = createSession(queryClient, { start: !prerendered || settleFirst });
  const router = createAppRouter(queryClient, session);
  holdNavigationsForRouteSearch(router.history, reloadForNewBuild);
  await breather();

  const app = (
    <App
      queryClient={queryClient}
      session={session}
      router={router}
      onMounted={() => {
        if (prerendered) session.start();
        container.removeAttribute(PRERENDERED_MARK);
      }}
    />
  );
  // The server sent this page already rendered (scripts/prerender.mjs) from the same components,
  // so React adopts that markup instead of rebuilding it. The page's chunk is loaded first, so
  // hydration never meets a loading state.
  const landedOn = router.state.location.pathname;
  if (prerendered) await router.load();
  // Unless the guard of a guest page sent a logged-in visitor on: then it is another page.
  const adopt = prerendered && router.state.location.pathname === landedOn;
  if (adopt) {
    // Hydration runs as a transition: React yields to the browser every few milliseconds instead
    // of holding it for the whole page. A page that differs after all (a language chosen in
    // another tab, say) is rendered over, and said so.
    await breather();
    // What TanStack Router's own hydration sets: the route tree renders without the top-level
    // Suspense boundary it only adds for a purely client-side start, as on the server.
    router.ssr = { manifest: undefined };
    // What the page needed before hydration starts is its initial JS (bench/bundle.mjs).
    performance.mark(HYDRATION_MARK);
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportHydrationMismatch });
    });
  } else {
    // No prerendered page, one in the other language, or a guest page the guard sent a member on
    // from: the app renders over it.
    createRoot(container).render(app);
  }
  // Loads the API layer to hook into its 401s: after the render has started, like the rest of it.
  onUnauthorizedRedirect(router, session);

  // What the first paint does not need comes right after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      warmApi();
      void loadRouteSearch().then(
        () => onChunkLoaded(sessionFlags, ROUTE_SEARCH_CHUNK),
        reloadForNewBuild,
      );
    }, 0),
  );
  startSentry(appEnv, import.meta.env.VITE_SENTRY_DSN);
  return true;
}
