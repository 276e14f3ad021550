import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Title and description of every public route (SEO, docs/marketing.md). A route that is not listed
 * here (the account area, payment results, the 404) takes its title from its heading and is kept
 * out of search engines with `noindex`.
 */
export interface RouteMeta {
  /** Without the brand: the tab shows "<title> · Kestrel VPN". Null on the home page. */
  title: MessageDescriptor | null;
  description: MessageDescriptor;
}

export const ROUTE_META: Record<string, RouteMeta> = {
  '/': {
    title: null,
    description: msg`Kestrel VPN: fast, secure connections with zero logging, streaming and AI services unlocked, 99.999% uptime and 24/7 support on iPhone, iPad, Android, macOS and Windows.`,
  },
  '/pricing': {
    title: msg`Pricing`,
    description: msg`Kestrel VPN plans: standard and lite memberships, paid with Alipay, WeChat, UnionPay, card or cryptocurrency.`,
  },
  '/group-buying': {
    title: msg`Group buy`,
    description: msg`Buy Kestrel VPN together with one or two friends and pay less each.`,
  },
  '/download': {
    title: msg`Download Kestrel VPN`,
    description: msg`Download Kestrel VPN for iPhone and iPad, Android, macOS and Windows, with step-by-step install guides.`,
  },
  '/download/tips': {
    title: msg`Installation tips`,
    description: msg`Installation tips for the Kestrel VPN apps on iPhone and iPad, Android, macOS and Windows.`,
  },
  '/download/smart_links': {
    title: msg`Smart download link`,
    description: msg`One link that sends every device to the right Kestrel VPN download.`,
  },
  '/affiliate': {
    title: msg`Affiliate programme`,
    description: msg`Earn up to 100% commission on new signups and 25% on renewals by recommending Kestrel VPN.`,
  },
  '/faq': {
    title: msg`Frequently asked questions`,
    description: msg`Answers about verification codes, Apple devices, disabled accounts, the Windows client and using one account on several devices.`,
  },
  '/clause/terms': {
    title: msg`Terms of Service`,
    description: msg`The terms that apply when you use Kestrel VPN.`,
  },
  '/clause/privacy': {
    title: msg`Privacy Policy`,
    description: msg`What Kestrel VPN collects, what it never logs and how your data is protected.`,
  },
  '/clause/canary': {
    title: msg`Warrant canary`,
    description: msg`Kestrel VPN's warrant canary: what we have not been asked to do, dated.`,
  },
  '/apple-help': {
    title: msg`Install on iPhone with an overseas Apple ID`,
    description: msg`How to install the Kestrel VPN iOS app with an overseas Apple ID, step by step.`,
  },
  '/trial': {
    title: msg`Free trial`,
    description: msg`Try Kestrel VPN free for 15 minutes.`,
  },
  '/login': {
    title: msg`Log in`,
    description: msg`Log in to Kestrel VPN with your username, email or phone.`,
  },
  '/register': {
    title: msg`Create your account`,
    description: msg`Create a Kestrel VPN account with a username, email or phone.`,
  },
  '/resetpassword': {
    title: msg`Reset your password`,
    description: msg`Reset your Kestrel VPN password by email or phone.`,
  },
};

/** The public routes, in the order of the sitemap (public/sitemap.xml lists the same). */
export const INDEXED_PATHS = Object.keys(ROUTE_META);

export function routeMeta(pathname: string): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_META[path];
}

/**
 * What the head describes a page with: its own description, or for a route without one (the
 * account area, a payment, the 404) the site's, the home page's. So the description is always in
 * the page's language, never index.html's English default or the previous page's.
 */
export function routeDescription(pathname: string): MessageDescriptor {
  return (routeMeta(pathname) ?? ROUTE_META['/']!).description;
}

/** hreflang: the same page in each language, chosen by `?lang=` (src/app/start.tsx). */
export const HREFLANGS = [
  { hreflang: 'en', lang: 'en' },
  { hreflang: 'zh-Hans', lang: 'zh-CN' },
] as const;

export function alternateUrl(origin: string, pathname: string, lang?: string): string {
  return lang ? `${origin}${pathname}?lang=${lang}` : `${origin}${pathname}`;
}

/** The tab title: "<page> · <brand>", or the brand alone (the home page). */
export function documentTitle(page: string | null | undefined, brand: string): string {
  return page ? `${page} · ${brand}` : brand;
}

/** Open Graph's form of a UI locale. */
export function ogLocale(locale: string): string {
  return locale === 'zh-CN' ? 'zh_CN' : 'en_US';
}

/** A page's canonical address and its alternates: each language by `?lang=`, then x-default. */
export function pageLinks(origin: string, pathname: string) {
  return {
    canonical: alternateUrl(origin, pathname),
    alternates: [
      ...HREFLANGS.map(({ hreflang, lang }) => ({
        hreflang,
        href: alternateUrl(origin, pathname, lang),
      })),
      { hreflang: 'x-default', href: alternateUrl(origin, pathname) },
    ],
  };
}
