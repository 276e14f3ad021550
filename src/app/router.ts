import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from '../lib/session/session';
import { routeTree } from './routes';

export function createAppRouter(queryClient: QueryClient, session: SessionActor) {
  return createRouter({
    routeTree,
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
