import { AppEnv } from '../../contract/enums';

export const SENTRY_RELEASE = 'kestrel@2025.04.20';

/** SPEC §9: error reporting on PROD only, and only when a DSN is configured. */
export function sentryEnabled(env: AppEnv, dsn: string | undefined): dsn is string {
  return env === AppEnv.PROD && typeof dsn === 'string' && dsn.length > 0;
}

/**
 * Sentry is a large bundle; it is fetched when the browser is idle after the first paint so it never
 * delays the page. Errors thrown before that are rare and the global handlers catch up with them.
 */
export function startSentry(env: AppEnv, dsn: string | undefined): void {
  if (!sentryEnabled(env, dsn)) return;
  const start = () =>
    void import('@sentry/react').then((Sentry) => {
      Sentry.init({
        dsn,
        release: SENTRY_RELEASE,
        environment: env,
        sampleRate: 1,
        tracesSampleRate: 1,
        replaysSessionSampleRate: 1,
        replaysOnErrorSampleRate: 1,
        integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
      });
    });
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 4000 });
  else setTimeout(start, 2000);
}
