/**
 * Server-side entry of the prerender (scripts/prerender.mjs): renders one public page in one
 * language to HTML with the same components the SPA runs, so the first paint needs no JavaScript
 * (docs/web.md, "Prerendered public pages"). Built by Vite for Node; never part of the browser
 * bundle. The session is left unknown and no query has data, exactly as the SPA's own first render,
 * so what the browser later renders over it keeps every box in place. The guest pages, whose guard
 * waits for a settled session, are rendered for a visitor who is not logged in.
 */
import { renderToString } from 'react-dom/server';
import { msg } from '@lingui/core/macro';
import { createMemoryHistory } from '@tanstack/react-router';
import { createActor } from 'xstate';
import type { Locale } from '../../contract/enums';
import { VISITOR_SYSTEMS, type VisitorSystem } from '../../contract/platform';
import { sessionMachine } from '../../machines/session/session.machine';
import { App } from '../app/app';
import { createAppRouter } from '../app/router';
import { loadRouteSearch } from '../app/route-search';
import {
  documentTitle,
  ogLocale,
  pageLinks,
  routeDescription,
  routeMeta,
} from '../app/seo/route-meta';
import { activateLocale, i18n } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { seedBuiltInText } from '../lib/queries/page-text';
import { renderAs } from '../lib/platform';
import type { SessionActor } from '../lib/session/session';
import { GUEST_PAGES, renderedAt } from './pages';

export { GUEST_PAGES, PAGES_BY_PLATFORM, PRERENDERED_PAGES } from './pages';
export { LOCALES } from '../../contract/locale';
/** Every system a page can be rendered for: the four app platforms, Linux and an unnamed one. */
export const PLATFORMS = VISITOR_SYSTEMS;

/** Where the origin goes in the head; the server puts the request's in (server/web/prerendered.ts). */
export const ORIGIN_PLACEHOLDER = '__ORIGIN__';

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /**
   * The head, as src/app/seo/use-route-meta.ts sets it in the browser. A page search engines do not
   * index (no entry in ROUTE_META: `indexed` false) has the site's description in its language, no
   * links of its own, and the brand as its title until the app names it after its heading.
   */
  head: {
    title: string;
    description: string;
    ogLocale: string;
    indexed: boolean;
  } & ReturnType<typeof pageLinks>;
  /** The route's page matched (false: the 404 page was rendered). */
  found: boolean;
  /** The page was rendered for a visitor who is not logged in (a guest page). */
  loggedOut: boolean;
}

/** The session of a visitor without a token, settled as the browser's settles without a request. */
function loggedOutSession(): SessionActor {
  const { context } = createActor(sessionMachine).getSnapshot();
  const snapshot = sessionMachine.resolveState({ value: 'loggedOut', context });
  return createActor(sessionMachine, { snapshot }).start();
}

export async function renderPage(
  path: string,
  locale: Locale,
  platform: VisitorSystem,
): Promise<RenderedPage> {
  await activateLocale(locale);
  renderAs(platform);
  const queryClient = createQueryClient();
  // The built-in text of the FAQ and the clauses: the server serves these pages only while no
  // replacement is published (server/web/spa-static.ts), and the browser seeds the same.
  seedBuiltInText(queryClient, renderedAt(path));
  const loggedOut = GUEST_PAGES.includes(path);
  // Else never started: the session stays `unknown`, as the SPA's is before its first answer.
  const session = loggedOut ? loggedOutSession() : createActor(sessionMachine);
  // A prerendered address has no search, but its routes are validated as in the browser.
  await loadRouteSearch();
  const router = createAppRouter(
    queryClient,
    session,
    createMemoryHistory({ initialEntries: [renderedAt(path)] }),
  );
  await router.load();
  const { matches } = router.state;
  const found = matches.length > 1 && matches.every((match) => match.status === 'success');
  const html = renderToString(<App queryClient={queryClient} session={session} router={router} />);
  const meta = routeMeta(path);
  return {
    html,
    head: {
      title: documentTitle(meta?.title && i18n._(meta.title), i18n._(msg`Kestrel VPN`)),
      description: i18n._(routeDescription(path)),
      ogLocale: ogLocale(locale),
      indexed: meta !== undefined,
      ...pageLinks(ORIGIN_PLACEHOLDER, path),
    },
    found,
    loggedOut,
  };
}
