import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import {
  alternateUrl,
  documentTitle,
  ogLocale,
  pageLinks,
  routeDescription,
  routeMeta,
} from './route-meta';

function upsert(selector: string, create: () => HTMLElement, attr: string, value: string): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attr, value);
}

const metaTag = (key: 'name' | 'property', name: string, content: string) =>
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(key, name);
      return meta;
    },
    'content',
    content,
  );

const linkTag = (rel: string, href: string, hreflang?: string) =>
  upsert(
    hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`,
    () => {
      const link = document.createElement('link');
      link.rel = rel;
      if (hreflang) link.hreflang = hreflang;
      return link;
    },
    'href',
    href,
  );

/**
 * The head of the page follows the route and the language: title, description, Open Graph,
 * canonical and hreflang alternates. Routes without an entry in ROUTE_META take the title from
 * their heading and the site's description, and are marked `noindex`.
 */
export function useRouteMeta(): void {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { t, i18n } = useLingui();
  const brand = t`Kestrel VPN`;
  useEffect(() => {
    const meta = routeMeta(pathname);
    // One frame later the new page (or language) has rendered its heading.
    const frame = requestAnimationFrame(() => {
      const heading = meta
        ? meta.title && i18n._(meta.title)
        : (document.querySelector('#main h1')?.textContent?.trim() ?? '');
      const title = documentTitle(heading, brand);
      document.title = title;
      const origin = window.location.origin;
      const description = i18n._(routeDescription(pathname));
      metaTag('name', 'description', description);
      metaTag('name', 'robots', meta ? 'index, follow' : 'noindex');
      metaTag('property', 'og:title', title);
      metaTag('property', 'og:description', description);
      metaTag('property', 'og:url', alternateUrl(origin, pathname));
      metaTag('property', 'og:image', `${origin}/og-image.jpg`);
      metaTag('property', 'og:locale', ogLocale(i18n.locale));
      const links = pageLinks(origin, pathname);
      linkTag('canonical', links.canonical);
      for (const { hreflang, href } of links.alternates) linkTag('alternate', href, hreflang);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, brand, i18n, i18n.locale]);
}
