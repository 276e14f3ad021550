import { createRoot } from 'react-dom/client';
import { activateLocale } from '../i18n/i18n';
import { apiLanguageOf, chooseLocale, isLocale } from '../i18n/locale';
import { onChunkFailure, onChunkLoaded } from '../lib/chunk-reload';
import { sessionFlags } from './lazy-page';
import { renderLoadFailure } from './load-failure';
import { appEnv } from '../lib/env';
import { createQueryClient } from '../lib/query-client';
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
import { App } from './app';

/** Start-up in the order of issue 2 §4; returns false when nothing is rendered (ad crawlers). */
export async function start(container: HTMLElement): Promise<boolean> {
  if (isAdCrawler(navigator.userAgent)) return false;
  captureErrors();

  const cleanUrl = absorbQueryParams(window.location.href);
  if (cleanUrl !== null) window.history.replaceState(window.history.state, '', cleanUrl);

  // `?lang=en|zh-CN` (the hreflang alternates of src/app/seo) chooses the language and keeps it.
  const requested = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(requested)) storeLanguage(requested);
  const locale = chooseLocale(getStoredLanguage(), navigator.languages ?? []);
  const catalogChunk = `locale:${locale}`;
  try {
    await Promise.all([
      activateLocale(locale),
      wantsInspector(appEnv, window.location.search) ? startInspector() : undefined,
    ]);
    onChunkLoaded(sessionFlags, catalogChunk);
  } catch {
    // The catalog is a chunk like any page: reload once for a new deployment, then say so.
    if (onChunkFailure(sessionFlags, catalogChunk) === 'reload') window.location.reload();
    else renderLoadFailure(container, apiLanguageOf(locale));
    return true;
  }

  const queryClient = createQueryClient();
  const session = createSession(queryClient);
  const router = createAppRouter(queryClient, session);
  onUnauthorizedRedirect(router, session);

  createRoot(container).render(<App queryClient={queryClient} session={session} router={router} />);

  // What the first paint does not need comes right after it.
  requestAnimationFrame(() => setTimeout(warmApi, 0));
  startSentry(appEnv, import.meta.env.VITE_SENTRY_DSN);
  return true;
}
