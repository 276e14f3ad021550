/**
 * Every link and button of the public pages goes where it says: the calls to action, the download
 * buttons (the links and versions of system_client_config), the smart link, the affiliate contact
 * (system_affiliate), the header's More menu and the footer (system_display_config), and the copy
 * button's 3-second copied state.
 */
import type { Page } from '@playwright/test';
import { builtInText } from './support/page-texts';
import { endpoints } from '../contract';
import type { Goods } from '../contract/endpoints/payment';
import type { ClientConfig, DisplayConfig } from '../contract/endpoints/system';
import { commissionCents } from '../contract/kol';
import { formatMoney } from '../src/i18n/intl-format';
import { expect, test } from './support/fixtures';
import { openMenuIfCollapsed } from './support/ui';
import { ONE_PROJECT } from './support/projects';

/** The text of the `<0>…</0>` link inside a translated sentence. */
function linkText(sentence: string): string {
  const match = /<0>(.*?)<\/0>/.exec(sentence);
  if (!match) throw new Error(`no <0> link in "${sentence}"`);
  return match[1]!;
}

async function followLink(page: Page, name: string, path: string) {
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

test(
  'the home page calls to action: plans, the free trial and the downloads',
  ONE_PROJECT.zh,
  async ({ page, i18n }) => {
    await page.goto('/');
    await followLink(page, i18n.t('Get Kestrel VPN'), '/pricing');
    await page.goto('/');
    await followLink(
      page,
      i18n.t('{TRIAL_MINUTES}-minute free trial', { TRIAL_MINUTES: 15 }),
      '/trial',
    );
    await page.goto('/');
    await followLink(page, i18n.t('Download the app'), '/download');
    await page.goto('/');
    await followLink(page, i18n.t('Try it free'), '/trial');
  },
);

test(
  'the download page: own platform first, every button is the configured download',
  ONE_PROJECT.en,
  async ({ browser, api, i18n, language }) => {
    const { body } = await api.ok<ClientConfig>('/api/system/system_client_config');
    const { downloads } = body.data;
    // An Android phone sees Android first.
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; 23049PCD8G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      locale: language === 'en' ? 'en-US' : 'zh-CN',
    });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    // The smart link page starts a download; a 204 for it leaves the page where it is.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 204 }),
    );
    await page.goto('/download');
    const main = page.getByRole('main');
    const cards = main.getByRole('region');
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText('Android');
    await expect(cards.first()).toContainText(i18n.t('Your device'));
    await expect(cards.nth(1).getByRole('heading', { level: 2 })).toHaveText('iPhone / iPad');

    const region = (name: string) => main.getByRole('region', { name });
    const link = (name: string, label: string) =>
      region(name).getByRole('link', { name: i18n.t(label), exact: true });
    await expect(link('iPhone / iPad', 'Get it on the App Store')).toHaveAttribute(
      'href',
      downloads.ios.appStoreUrl,
    );
    await expect(link('Android', 'Download the APK')).toHaveAttribute(
      'href',
      downloads.android.apkUrl,
    );
    await expect(link('Android', 'Ad-free APK')).toHaveAttribute(
      'href',
      downloads.android.adFreeApkUrl,
    );
    await expect(link('macOS', 'Mac App Store')).toHaveAttribute('href', downloads.mac.appStoreUrl);
    await expect(link('macOS', 'Download the PKG')).toHaveAttribute('href', downloads.mac.pkgUrl);
    await expect(link('Windows', 'Download for Windows')).toHaveAttribute(
      'href',
      downloads.windows.url,
    );
    for (const [name, version] of [
      ['iPhone / iPad', downloads.ios.version],
      ['Android', downloads.android.version],
      ['macOS', downloads.mac.version],
      ['Windows', downloads.windows.version],
    ] as const) {
      await expect(region(name)).toContainText(i18n.t('Version {0}', { 0: version }));
    }
    // The Xiaomi tip of SPEC §2 sits with Android.
    await expect(region('Android').getByRole('note')).toContainText(
      i18n.t('Xiaomi, Redmi and POCO phones'),
    );

    await region('iPhone / iPad')
      .getByRole('link', {
        name: linkText(
          i18n.t(
            'Not available in your App Store region? <0>Install it with an overseas Apple ID</0>.',
          ),
        ),
      })
      .click();
    await expect(page).toHaveURL(/\/apple-help$/);
    await page.goBack();
    await followLink(page, i18n.t('Installation tips'), '/download/tips');
    await page.goBack();
    await followLink(page, i18n.t('Smart download link'), '/download/smart_links');
    await context.close();
  },
);

test(
  'the smart link sends each platform to its own download',
  ONE_PROJECT.zh,
  async ({ browser, api, language }) => {
    const { body } = await api.ok<ClientConfig>('/api/system/system_client_config');
    const { downloads } = body.data;
    const agents = [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        downloads.ios.appStoreUrl,
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
        downloads.android.apkUrl,
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
        downloads.mac.pkgUrl,
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36',
        downloads.windows.url,
      ],
    ] as const;
    for (const [userAgent, target] of agents) {
      const context = await browser.newContext({ userAgent });
      await context.addInitScript(
        (lang) => window.localStorage.setItem('language', lang),
        language,
      );
      const page = await context.newPage();
      // The download hosts are outside the test machine: answer for them and record the visit.
      await page.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>download</h1>' }),
      );
      await page.goto('/download/smart_links');
      await expect(page).toHaveURL(target);
      await context.close();
    }
  },
);

test(
  'the smart link page copies its address and shows "Copied" for 3 seconds',
  ONE_PROJECT.en,
  async ({ page, context, i18n, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Stay on the page: the download it starts answers 204, which leaves the page as it is.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 204 }),
    );
    // The page's timers run on Playwright's clock: the 3 seconds are the page's, not the machine's.
    await page.clock.install();
    await page.goto('/download/smart_links');
    const button = page.getByRole('button', { name: i18n.t('Copy the smart link') });
    await expect(button).toContainText(i18n.t('Copy'));
    await page.clock.pauseAt(Date.now() + 1000);
    await button.click();
    await expect(button).toHaveAttribute('data-state', 'copied');
    await expect(page.getByRole('status').filter({ hasText: i18n.t('Copied') })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/download/smart_links`,
    );
    // Still "Copied" two seconds on, back to rest at three.
    await page.clock.runFor(2000);
    await expect(button).toHaveAttribute('data-state', 'copied');
    await page.clock.runFor(1000);
    await expect(button).toHaveAttribute('data-state', 'idle');
  },
);

test(
  'the download page on Linux names no app it does not have, and never says Windows first',
  ONE_PROJECT.zh,
  async ({ browser, baseURL, i18n, language }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      locale: language === 'en' ? 'en-US' : 'zh-CN',
    });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    await page.goto('/download');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const lead = main.locator('.lead');
    await expect(lead).toContainText('Linux');
    await expect(lead).not.toContainText('Windows');
    await expect(main.getByText(i18n.t('Your device'), { exact: true })).toHaveCount(0);
    await lead.getByRole('link', { name: i18n.t('Third-party client') }).click();
    // A visitor is asked to log in first; the way back is the third-party client page.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fthird-party-client$/);
    await context.close();
  },
);

test(
  'the affiliate page: rates, steps and the contact link of system_affiliate',
  ONE_PROJECT.en,
  async ({ page, api, i18n }) => {
    const { body } = await api.ok<{ contactUrl: string }>('/api/system/system_affiliate');
    await page.goto('/affiliate');
    const main = page.getByRole('main');
    // The programme's bounds (SPEC §9): 25-100 % on a first purchase, up to 25 % on renewals.
    await expect(main.getByText('25–100%', { exact: true })).toBeVisible();
    await expect(main.getByText('25%', { exact: true })).toBeVisible();
    await expect(
      main.getByText(
        i18n.t(
          'From {firstMin}% up to {firstMax}% of the first payment of every new member you bring, and up to {renewalMax}% of every renewal.',
          { firstMin: 25, firstMax: 100, renewalMax: 25 },
        ),
      ),
    ).toBeVisible();
    // The example prices the shop's own yearly Standard plan, in US dollars.
    const shop = await api.ok<{ goods: Goods[] }>(endpoints.paymentShop.path);
    const yearly = shop.body.data.goods.find((g) => g.groupType === 1 && g.months === 12)!;
    const usd = yearly.prices.find((p) => p.currency === 'USD')!.amount;
    const dollars = (cents: number) =>
      formatMoney(i18n.language, { amount: cents, currency: 'USD' });
    await expect(
      main.getByText(
        i18n.t(
          'Example: {members} new members on the yearly Standard plan ({planPrice}) can earn you up to {firstYear} in their first year, plus up to {renewal} each year they renew.',
          {
            members: 50,
            planPrice: dollars(usd),
            firstYear: dollars(usd * 50),
            renewal: dollars(commissionCents(usd, 25) * 50),
          },
        ),
      ),
    ).toBeVisible();
    const contacts = main.getByRole('link', { name: i18n.t('Contact the partner team') });
    await expect(contacts).toHaveCount(2);
    for (const contact of await contacts.all()) {
      await expect(contact).toHaveAttribute('href', body.data.contactUrl);
      await expect(contact).toHaveAttribute('target', '_blank');
    }
    await followLink(page, i18n.t('Create an account'), '/register');
  },
);

test(
  'the FAQ answers open and close, and their links lead on',
  ONE_PROJECT.zh,
  async ({ page, i18n }) => {
    await page.goto('/faq');
    const faq = builtInText('faq', i18n.language);
    const disabled = faq.sections[2]!;
    const question = page.getByText(disabled.title, { exact: true });
    const answer = page.getByText(disabled.blocks[0]!, { exact: true });
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: i18n.t('Terms of Service') })
      .click();
    await expect(page).toHaveURL(/\/clause\/terms$/);
    await page.goBack();
    const apple = faq.sections[1]!;
    await page.getByText(apple.title, { exact: true }).click();
    // Its second link: the step-by-step guide for an overseas Apple ID.
    await followLink(page, apple.links[1]!, '/apple-help');
  },
);

test(
  'the header More menu and the footer come from the display config',
  ONE_PROJECT.en,
  async ({ page, api, i18n }) => {
    const { body } = await api.ok<DisplayConfig>('/api/system/system_display_config');
    const { more, help } = body.data.links;
    const labels: Record<string, string> = {
      blog: 'Blog',
      status: 'Service status',
      github: 'GitHub mirrors',
      faq: 'FAQ',
      announcements: 'Announcements',
      studentDiscount: 'Student discount',
      plans: 'Plans',
    };
    await page.goto('/');
    // The header is there before the menu toggle is looked for.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openMenuIfCollapsed(page, i18n);
    const nav = page.getByRole('navigation', {
      name: (await isMobile(page))
        ? i18n.t('Mobile', {}, 'the navigation drawer on phones')
        : i18n.t('Main'),
    });
    await nav.getByRole('button', { name: i18n.t('More') }).click();
    for (const link of more) {
      const item = nav.getByRole('link', { name: i18n.t(labels[link.key]!) });
      await expect(item).toHaveAttribute('href', link.href);
      await expect(item).toHaveAttribute('target', '_blank');
    }
    const helpNav = page.getByRole('navigation', { name: i18n.t('Help centre') });
    for (const link of help) {
      await expect(helpNav.getByRole('link', { name: i18n.t(labels[link.key]!) })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    await helpNav.getByRole('link', { name: i18n.t('FAQ') }).click();
    await expect(page).toHaveURL(/\/faq$/);
    // The address changes as the navigation starts; the footer settles once the FAQ is shown.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      i18n.t('Frequently asked questions'),
    );
    const legal = page.getByRole('navigation', { name: i18n.t('Legal') });
    for (const [label, path] of [
      ['Terms of Service', '/clause/terms'],
      ['Privacy Policy', '/clause/privacy'],
      ['Warrant canary', '/clause/canary'],
    ] as const) {
      await legal.getByRole('link', { name: i18n.t(label) }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(i18n.t(label));
    }
  },
);

test(
  '/loading hands over to ?redirect on this site, never elsewhere',
  ONE_PROJECT.zh,
  async ({ page }) => {
    await page.goto('/loading?redirect=%2Ffaq');
    await expect(page).toHaveURL(/\/faq$/);
    await page.goto('/loading?redirect=https%3A%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  },
);

async function isMobile(page: Page): Promise<boolean> {
  return (page.viewportSize()?.width ?? 1440) < 960;
}
