import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from '../lib/session/session';
import { routeTree } from './routes';

/** `history`: the browser's by default; the prerender passes a memory history of one path. */
export function createAppRouter(
  queryClient: QueryClient,
  session: SessionActor,
  history?: RouterHistory,
) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, session },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
