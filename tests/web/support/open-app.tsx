/**
 * The real app (routes, guards, lazy pages, catalogs) rendered at a path, offline: the queries it
 * would ask the server are answered up front, the display config first (the header and footer
 * read it).
 */
import { act, render } from '@testing-library/react';
import type { DisplayConfig } from '../../../contract/endpoints/system';
import { App } from '../../../src/app/app';
import { createAppRouter } from '../../../src/app/router';
import { loadRouteSearch } from '../../../src/app/route-search';
import { createQueryClient } from '../../../src/lib/query-client';
import { createSession } from '../../../src/lib/session/session';

/** The display config of these tests: both features on and the site's usual numbers, with `links`. */
export function testDisplayConfig(links: DisplayConfig['links']): DisplayConfig {
  return {
    features: { groupBuy: true, cryptoPay: true },
    supportWidget: { host: 'kestrel.example', scriptUrl: 'https://chat.kestrel.example/widget.js' },
    trialMinutes: 15,
    inviteTrialMinutes: 180,
    inviteBonusPercent: 10,
    liteToStandardPercent: 50,
    codeCooldownSeconds: 60,
    links,
  };
}

/** Renders the app at `path` with `displayConfig` and each other query's answer. */
export async function openApp(
  path: string,
  displayConfig: DisplayConfig,
  answers: ReadonlyArray<[readonly unknown[], unknown]> = [],
) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  queryClient.setQueryData(['display-config'], displayConfig);
  for (const [key, data] of answers) queryClient.setQueryData(key, data);
  const session = createSession(queryClient);
  // As the app's start does on a page it renders itself: the routes' search schemas first.
  await loadRouteSearch();
  const router = createAppRouter(queryClient, session);
  await act(async () => {
    render(<App queryClient={queryClient} session={session} router={router} />);
  });
  return { router, session };
}
