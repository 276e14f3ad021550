import { StrictMode, useEffect } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '../i18n/i18n';
import type { SessionActor } from '../lib/session/session';
import { SessionContext } from '../lib/session/session-context';
import type { createAppRouter } from './router';

interface AppProps {
  queryClient: QueryClient;
  session: SessionActor;
  router: ReturnType<typeof createAppRouter>;
  /** Called once, after the first commit. */
  onMounted?: () => void;
}

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

export function App({ queryClient, session, router, onMounted }: AppProps) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>
            <RouterProvider router={router} />
            {onMounted && <Mounted onMounted={onMounted} />}
          </SessionContext.Provider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
