/**
 * Ad-network crawlers that fetch landing pages to judge ad quality. They never buy anything and the
 * SPA's API calls would only show up as noise, so the app renders nothing for them (SPEC §2): the
 * SPA does not start, and the server answers them the bare index.html, never a prerendered page
 * (server/web/prerendered.ts). Keep this list in one place; docs/web.md explains it.
 */
export const AD_CRAWLER_PATTERNS: readonly RegExp[] = [
  /AdsBot-Google/i, // Google Ads landing-page quality checks (desktop and mobile)
  /Mediapartners-Google/i, // Google AdSense
  /AdsBot-Google-Mobile-Apps/i,
  /adidxbot/i, // Microsoft Advertising (Bing Ads)
  /BingPreview/i,
  /Bytespider/i, // ByteDance / TikTok ads
  /facebookexternalhit/i, // Meta ads link preview
  /Baiduspider-ads/i,
  /Twitterbot/i,
];

export function isAdCrawler(userAgent: string): boolean {
  return AD_CRAWLER_PATTERNS.some((pattern) => pattern.test(userAgent));
}
