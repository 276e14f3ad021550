/**
 * Serves the built SPA (vite's dist/client) with history fallback: any GET/HEAD that is not an API,
 * dev or file path gets index.html, so deep links survive a reload; an address that is none of the
 * SPA's routes (contract/web-routes.ts) gets it with HTTP 404, and the SPA shows its 404 page.
 * Hashed files under /assets/ are cached for a year; index.html is revalidated every time so a
 * deploy is picked up at once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION_PREFIX } from '../../contract';
import { CONSOLE_PAGE_PREFIX } from '../../contract/endpoints/console';
import { contentPageAt, type ContentPage } from '../../contract/content-pages';
import { isSpaRoute } from '../../contract/web-routes';
import { loadPrerenderedPages, pathOf } from './prerendered';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

function cacheControlFor(path: string): string {
  const normalised = path.replaceAll('\\', '/');
  if (normalised.endsWith('/index.html') || normalised.endsWith('.html')) return 'no-cache';
  if (normalised.includes('/assets/')) return IMMUTABLE;
  return SHORT;
}

/** True for paths a browser navigates to (no file extension, not API or dev tooling). */
export function isHistoryPath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  if (
    path === API_VERSION_PREFIX ||
    path.startsWith(`${API_VERSION_PREFIX}/`) ||
    path.startsWith('/dev/') ||
    // Files only: `/assets/` or a missing chunk is a 404, never the page.
    path === '/assets' ||
    path.startsWith('/assets/')
  )
    return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

export function spaIsBuilt(staticDir: string): boolean {
  return existsSync(join(staticDir, 'index.html'));
}

export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  options: {
    readonly sourceMaps: boolean;
    readonly siteOrigin?: string;
    /**
     * Whether staff replaced a content page's built-in text (docs/web.md "Prerendered public
     * pages"): its prerendered HTML is then stale, and the visitor gets the SPA, which renders
     * the replacement.
     */
    readonly pageReplaced?: (page: ContentPage) => Promise<boolean>;
  } = { sourceMaps: true },
): Promise<void> {
  const built = spaIsBuilt(staticDir);
  if (!options.sourceMaps) {
    // PROD: the maps are built (error reporting reads them) but not served.
    app.addHook('onRequest', async (request, reply) => {
      if ((request.url.split('?')[0] ?? '').endsWith('.map'))
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
  }
  // The operator console's pages (docs/console.md): never indexed, never kept by a cache.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === CONSOLE_PAGE_PREFIX || path.startsWith(`${CONSOLE_PAGE_PREFIX}/`)) {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    return payload;
  });
  const prerendered = built ? loadPrerenderedPages(staticDir, options.siteOrigin) : () => null;
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // `/` is a page like the others (below): it may have a prerendered answer.
      index: false,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }
  const builtInTextReplaced = async (url: string) => {
    const contentPage = contentPageAt(pathOf(url));
    return contentPage !== null && options.pageReplaced !== undefined
      ? options.pageReplaced(contentPage)
      : false;
  };
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaRoute(request.url)) return reply.code(404).sendFile('index.html');
    const page = prerendered(request);
    if (!page) return reply.sendFile('index.html');
    if (page.html === null || (await builtInTextReplaced(request.url)))
      return reply.header('vary', page.vary).sendFile('index.html');
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', page.vary)
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
  if (built) app.get('/', servePage);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && isHistoryPath(request.url);
    if (isPage && built) return servePage(request, reply);
    if (isPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The SPA is not built: ${staticDir}/index.html is missing. Run \`npm run build\` (npm start does it).`,
        );
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
