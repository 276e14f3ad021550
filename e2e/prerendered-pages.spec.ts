/**
 * The prerendered public pages (scripts/prerender.mjs, docs/web.md): the server sends each one
 * already rendered in the visitor's language, it reads without JavaScript, and the app adopts it
 * without a single hydration mismatch (a mismatch would re-render the page and say so).
 */
import type { Page } from '@playwright/test';
import { PRERENDERED_PAGES, renderedAt } from '../src/prerender/pages';
import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';
import { expectProfileOf, useSessionToken } from './support/ui';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** The errors the page logs or throws: a hydration mismatch is one (src/app/start.tsx). */
function errorsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** The home page's description (src/app/seo/route-meta.ts), the site's. */
const SITE_DESCRIPTION =
  'Kestrel VPN: fast, secure connections with zero logging, streaming and AI services unlocked, 99.999% uptime and 24/7 support on iPhone, iPad, Android, macOS and Windows.';

test(
  'every prerendered page arrives in the visitor’s language and hydrates cleanly',
  ONE_PROJECT.zh,
  async ({ page, request, language }) => {
    test.setTimeout(PRERENDERED_PAGES.length * 10_000);
    const problems = errorsOf(page);
    const acceptLanguage = language === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9';

    for (const path of PRERENDERED_PAGES.map(renderedAt)) {
      await test.step(path, async () => {
        const response = await request.get(path, {
          headers: { 'accept-language': acceptLanguage },
        });
        expect(response.status()).toBe(200);
        expect(response.headers()['vary']).toContain('Accept-Language');
        const html = await response.text();
        expect(html).toContain(`<html lang="${language}">`);
        expect(html).toContain(`<div id="root" data-prerendered="${language}"`);
        expect(html).toMatch(/<h1[\s>]/);
        // Only the one start-up script: nothing inline, which the CSP would refuse.
        expect(html).not.toMatch(/<script>/);

        await page.goto(path);
        await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      });
    }
    // A hydration mismatch is recovered by React and logged (src/app/start.tsx): none may happen.
    expect(problems).toEqual([]);
  },
);

test(
  'a guest page arrives logged out; a member is sent on from it, or gets the SPA with a token cookie',
  ONE_PROJECT.en,
  async ({ page, request, i18n, users }) => {
    const user = await users.byUsername();
    const prerendered = async (url: string, headers: Record<string, string> = {}) =>
      (await (await request.get(url, { headers })).text()).includes('data-prerendered');
    expect(await prerendered('/login')).toBe(true);
    // The member the token cookie names never sees a log-in form; links that carry ?redirect= are
    // the browser's to render.
    expect(await prerendered('/login', { cookie: `token=${user.token}` })).toBe(false);
    expect(await prerendered('/register?redirect=%2Fpricing')).toBe(false);
    // A token in storage only: the page arrives prerendered, the session settles before the
    // page is adopted, the guard sends the member on and the app renders the profile over it.
    await useSessionToken(page, user.token);
    const problems = errorsOf(page);
    await page.goto('/login');
    await expectProfileOf(page, i18n, user.userId);
    expect(problems).toEqual([]);
  },
);

test(
  'the register form fills in the friend’s code of ?invite= once the app has the page',
  ONE_PROJECT.zh,
  async ({ page, i18n }) => {
    const problems = errorsOf(page);
    const response = await page.goto('/register?invite=FRIEND42');
    expect(await response?.text()).toContain('data-session="loggedOut"');
    await expect(page.getByLabel(i18n.t('Invite code (optional)'))).toHaveValue('FRIEND42');
    expect(problems).toEqual([]);
  },
);

test(
  'a group or a payment arrives as its frame, whatever its address holds, and is adopted',
  ONE_PROJECT.zh,
  async ({ page, request, i18n }) => {
    const problems = errorsOf(page);
    for (const url of [
      '/crypto-pay/42',
      '/group-buying?group=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/group-buying?group=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&orderId=K1',
    ]) {
      const html = await (await request.get(url)).text();
      expect(html, url).toContain('data-prerendered');
      expect(html, url).toContain('role="status"');
      await page.goto(url);
    }
    expect(problems).toEqual([]);
    const crypto = await (await request.get('/crypto-pay/42')).text();
    // A payment of the visitor's is no page for search engines.
    expect(crypto).toContain('<meta name="robots" content="noindex">');
    expect(crypto).not.toContain('rel="canonical"');
    // It is described as the site is, in the visitor's language, before the app runs and after.
    const siteDescription = i18n.t(SITE_DESCRIPTION);
    const arrived = await page.goto('/crypto-pay/42');
    expect(await arrived?.text()).toContain(`content="${siteDescription}"`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      siteDescription,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      siteDescription,
    );
  },
);

test(
  'a prerendered page reads without JavaScript',
  ONE_PROJECT.en,
  async ({ browser, baseURL, i18n, locale }) => {
    const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      i18n.t('Frequently asked questions'),
    );
    await expect(page).toHaveTitle(
      `${i18n.t('Frequently asked questions')} · ${i18n.t('Kestrel VPN')}`,
    );
    // The answers are native disclosures: they open without the app.
    const first = page.locator('details').first();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await context.close();
  },
);

test(
  'the language comes from ?lang=, then the language cookie, then Accept-Language',
  ONE_PROJECT.zh,
  async ({ request }) => {
    const lang = async (url: string, headers: Record<string, string>) =>
      /<html lang="([^"]+)">/.exec(await (await request.get(url, { headers })).text())?.[1];
    expect(await lang('/faq', { 'accept-language': 'en-GB' })).toBe('en');
    expect(await lang('/faq', { 'accept-language': 'zh-TW,zh;q=0.9' })).toBe('zh-CN');
    expect(await lang('/faq', { 'accept-language': 'en', cookie: 'language=zh-CN' })).toBe('zh-CN');
    expect(await lang('/faq?lang=en', { 'accept-language': 'zh', cookie: 'language=zh-CN' })).toBe(
      'en',
    );
  },
);

test(
  'the language switch stores a cookie, so the next page arrives in that language',
  ONE_PROJECT.en,
  async ({ page, language, i18n }) => {
    await page.goto('/faq');
    await page
      .getByRole('button', { name: i18n.t('Change language') })
      .first()
      .click();
    const other = language === 'en' ? 'zh-CN' : 'en';
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe(other);
    const html = await (await page.request.get('/download/tips')).text();
    expect(html).toContain(`<div id="root" data-prerendered="${other}">`);
  },
);

test(
  '/download arrives with the visitor’s own platform first',
  ONE_PROJECT.zh,
  async ({ request }) => {
    const response = await request.get('/download', { headers: { 'user-agent': ANDROID_UA } });
    expect(response.headers()['vary']).toContain('User-Agent');
    const html = await response.text();
    const android = html.indexOf('download-card__title">Android</h2>');
    const ios = html.indexOf('download-card__title">iPhone / iPad</h2>');
    expect(android).toBeGreaterThan(0);
    expect(ios).toBeGreaterThan(android);
  },
);

test(
  'an ad crawler gets no page content, prerendered or rendered (SPEC §2)',
  ONE_PROJECT.en,
  async ({ browser, baseURL, request }) => {
    const adsBot =
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)';
    for (const path of PRERENDERED_PAGES.map(renderedAt)) {
      const response = await request.get(path, { headers: { 'user-agent': adsBot } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['vary'], path).toContain('User-Agent');
      const html = await response.text();
      expect(html, path).not.toContain('data-prerendered');
      expect(html, path).not.toMatch(/<h1[\s>]/);
    }
    // And the app does not render over the empty page either.
    const context = await browser.newContext({ baseURL, userAgent: adsBot });
    const page = await context.newPage();
    await page.goto('/faq');
    await expect(page.locator('#root')).toBeEmpty();
    await context.close();
  },
);

test(
  'a prerendered page hydrates before the route search schemas arrive, and a navigation waits for them',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    const problems = errorsOf(page);
    // The schemas (src/app/route-search.ts) held back, as on a slow network.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let requested = false;
    await page.route('**/assets/search-params-*.js', async (route) => {
      requested = true;
      await arrived;
      await route.continue();
    });

    await page.goto('/pricing');
    // Adopted while they are still on their way: hydration did not wait for them.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect.poll(() => requested).toBe(true);

    // A link whose address has a search: the navigation waits for the schemas …
    await page
      .getByRole('main')
      .getByRole('link', { name: i18n.t('Log in to pay') })
      .click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/pricing');

    // … and goes on once they are here, its search validated.
    arrive();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpricing/);
    await expect(page.getByRole('link', { name: i18n.t('Register') })).toBeVisible();
    expect(problems).toEqual([]);
  },
);
