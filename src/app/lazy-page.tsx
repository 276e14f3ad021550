import { createElement, type ComponentType, type ReactElement } from 'react';
import { ChunkLoadError, onChunkFailure, onChunkLoaded, type FlagStore } from '../lib/chunk-reload';
import { getSessionFlag, setSessionFlag } from '../lib/storage';
import { PAGE_LOAD_FAILED } from '../../contract/shell-errors';
import { currentApiLanguage, loadRouteCatalog } from '../i18n/i18n';

export const sessionFlags: FlagStore = { get: getSessionFlag, set: setSessionFlag };

type PageModule = { default: ComponentType };

/** The dynamic import of a page's module. */
export type PageImporter = () => Promise<PageModule>;

export type LazyPage = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A route component loaded on demand. The router calls `preload` while it resolves the route (and
 * on hover intent), so the page is usually ready before it renders. A route with a catalogue of its
 * own (src/i18n/route-catalogs.ts, keyed by `chunk`) has it loaded in the same step, so its texts
 * are never shown untranslated. A failure is only acted on at render time, where reloading is what
 * the visitor asked for by opening the page.
 */
export function lazyPage(chunk: string, importer: PageImporter): LazyPage {
  let component: ComponentType | undefined;
  let failure: unknown;
  let pending: Promise<void> | undefined;

  const preload = (): Promise<void> => {
    if (component) return Promise.resolve();
    // The route's own catalogue, if it has one, is merged before the page first renders.
    pending ??= Promise.all([importer(), loadRouteCatalog(chunk)]).then(
      ([mod]) => {
        component = mod.default;
        failure = undefined;
        onChunkLoaded(sessionFlags, chunk);
      },
      (error: unknown) => {
        failure = error;
        pending = undefined;
      },
    );
    return pending;
  };

  function Lazy(): ReactElement {
    if (component) return createElement(component);
    if (failure !== undefined) {
      const error = failure;
      if (onChunkFailure(sessionFlags, chunk) === 'reload') {
        window.location.reload();
        // Suspend until the document goes away.
        throw new Promise<never>(() => {});
      }
      const message = PAGE_LOAD_FAILED[currentApiLanguage()];
      throw new ChunkLoadError(chunk, error, message);
    }
    throw preload();
  }
  Lazy.displayName = `LazyPage(${chunk})`;
  return Object.assign(Lazy, { preload });
}
