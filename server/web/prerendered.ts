/**
 * The prerendered public pages (scripts/prerender.mjs, docs/web.md): a visit to one of them gets
 * its HTML already filled in, in the visitor's language and, for /download, for their system
 * (`detectVisitorSystem`), so the page paints before any JavaScript has run; the SPA then takes
 * over. An ad crawler gets the bare index.html (SPEC §2). The language
 * follows the SPA's own rule (contract/locale.ts): `?lang=`, else the language cookie the SPA
 * writes, else English if the browser accepts English, else Chinese. A route with a parameter
 * (`/crypto-pay/$productId`) has one page for every value. The guest pages (/login …) are rendered
 * for a visitor who is not logged in: a visit with a token cookie or `?redirect=` gets index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { COOKIE } from '../../contract/protocol';
import { chooseLocale, isLocale } from '../../contract/locale';
import { isAdCrawler } from '../../contract/ad-crawler';
import { detectVisitorSystem } from '../../contract/platform';
import { spaRouteOf } from '../../contract/web-routes';

interface Manifest {
  /** By path, or by route for a route with a parameter. */
  pages: Record<string, Record<string, string | Record<string, string>>>;
  /** Pages rendered for a visitor who is not logged in (src/prerender/pages.ts). */
  guestPages?: string[];
}

export interface PrerenderedPage {
  /** The page; null: the bare index.html (an ad crawler), with the same Vary. */
  html: string | null;
  /** The request headers the answer depends on. */
  vary: string;
}

export type PrerenderedPages = (request: FastifyRequest) => PrerenderedPage | null;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The browser's languages from Accept-Language, best first (`q=0` means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((item) => item.tag && item.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((item) => item.tag);
}

export function requestLocale(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const requested = query?.lang;
  if (isLocale(requested)) return requested;
  return chooseLocale(
    cookieValue(request.headers.cookie, COOKIE.language),
    acceptedLanguages(request.headers['accept-language']),
  );
}

/** A page's path: no query, no trailing slash. */
export const pathOf = (url: string) => {
  const path = url.split('?')[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * Reads the prerendered pages of a build once. Without them (a build from before, or none) every
 * visit gets the plain index.html, as before. `siteOrigin`: PUBLIC_ORIGIN's first entry when set,
 * so that canonical and Open Graph links name the public site and a forged Host never reaches a
 * page (issue 19, item 11); else the request's own.
 */
export function loadPrerenderedPages(staticDir: string, siteOrigin?: string): PrerenderedPages {
  const dir = join(staticDir, '.prerendered');
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const files = new Map<string, string>();
  const read = (file: string) => {
    let html = files.get(file);
    if (html === undefined) {
      html = readFileSync(join(dir, file), 'utf8');
      files.set(file, html);
    }
    return html;
  };

  /** A page of the manifest by its path, else by its route when that has a parameter. */
  const keyOf = (url: string): string | null => {
    const path = pathOf(url);
    if (Object.hasOwn(manifest.pages, path)) return path;
    const route = spaRouteOf(url);
    return route?.includes('$') && Object.hasOwn(manifest.pages, route) ? route : null;
  };

  return (request) => {
    const key = keyOf(request.url);
    if (key === null) return null;
    const byLocale = manifest.pages[key]!;
    const userAgent = request.headers['user-agent'] ?? '';
    const vary = 'Accept-Language, Cookie, User-Agent';
    // The app renders nothing for an ad crawler (SPEC §2), so neither does its prerendered HTML:
    // the crawler gets the bare index.html. Both answers therefore vary by agent, for caches.
    if (isAdCrawler(userAgent)) return { html: null, vary };
    // A guest page was rendered logged out and with links that carry no `?redirect=`: a member
    // (the token cookie) would see a log-in form before the guard sends them on, and a visit with
    // `?redirect=` other links. Both get the SPA, which renders the page itself.
    if (manifest.guestPages?.includes(key)) {
      const query = request.query as Record<string, unknown> | undefined;
      if (query?.redirect !== undefined || cookieValue(request.headers.cookie, COOKIE.token))
        return { html: null, vary };
    }
    const variants = byLocale[requestLocale(request)];
    if (variants === undefined) return null;
    const file = typeof variants === 'string' ? variants : variants[detectVisitorSystem(userAgent)];
    if (!file) return null;
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    // The prerender's ORIGIN_PLACEHOLDER (src/prerender/render-page.tsx).
    return { html: read(file).replaceAll('__ORIGIN__', origin), vary };
  };
}
