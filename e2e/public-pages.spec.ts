/**
 * Every public page of SPEC §2 in the project's language: its heading and content are there, the
 * head carries its title, description and hreflang alternates, axe finds no WCAG 2.1 A/AA
 * violation, and the language switch re-renders the page without leaving the route.
 */
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { I18n } from './support/i18n';
import { ONE_PROJECT, alternateProject } from './support/projects';

interface PublicPage {
  path: string;
  /** The h1, as its English source text; null on the home page (checked by its content). */
  heading: string | null;
  /** Texts that must be on the page (English source), beyond the heading. */
  content: string[];
  /** The tab title's page part; the heading when absent. */
  title?: string;
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    heading: 'The fast, private way onto the open internet',
    content: [
      'Performance you can feel',
      'Always on the best route',
      'Speed for 4K, games and big downloads',
      'Zero logs. Nothing to hand over.',
      'More than a VPN',
      'Reliable, and people to help',
      'Loved by 100,000+ users',
      'Get Kestrel VPN on all your devices',
      '24/7 support',
    ],
  },
  {
    path: '/download',
    heading: 'Download Kestrel VPN',
    content: ['Xiaomi, Redmi and POCO phones', 'Get it on the App Store', 'Download the APK'],
  },
  {
    path: '/download/tips',
    heading: 'Installation tips',
    content: ['SmartScreen stops the installer', 'The app is not in my App Store'],
  },
  {
    path: '/affiliate',
    heading: 'Recommend Kestrel VPN, earn up to 100% commission',
    content: ['Why partner with us', 'Your commission potential', 'How to join'],
    title: 'Affiliate programme',
  },
  {
    path: '/faq',
    heading: 'Frequently asked questions',
    content: [
      "I didn't receive a verification code",
      'How do I use Kestrel VPN on iPhone, iPad or Mac?',
      'My account has been disabled',
      'The Windows client does not work',
      'Can I use one account on several devices?',
    ],
  },
  { path: '/clause/terms', heading: 'Terms of Service', content: ['3. Acceptable use'] },
  { path: '/clause/privacy', heading: 'Privacy Policy', content: ['What we never log'] },
  {
    path: '/clause/canary',
    heading: 'Warrant canary',
    content: ['We have not received any national security letter or gag order.'],
  },
  {
    path: '/apple-help',
    heading: 'Install on iPhone with an overseas Apple ID',
    content: ['Only sign in to the App Store, never to iCloud.', 'Sign out of the App Store'],
  },
];

for (const [n, spec] of PAGES.entries()) {
  test(
    `${spec.path}: content, head, accessibility and the language switch`,
    alternateProject(n),
    async ({ page, i18n, language }) => {
      await page.goto(spec.path);
      const main = page.getByRole('main');
      const h1 = page.getByRole('heading', { level: 1 });
      if (spec.heading) await expect(h1).toHaveText(i18n.t(spec.heading));
      for (const text of spec.content)
        await expect(main.getByText(i18n.t(text)).first()).toBeVisible();

      // The head: title, description and the hreflang alternates of this very route.
      const brand = i18n.t('Kestrel VPN');
      const titlePart = spec.path === '/' ? null : i18n.t(spec.title ?? spec.heading!);
      await expect(page).toHaveTitle(titlePart ? `${titlePart} · ${brand}` : brand);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveAttribute('content', /.{12,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        await page.title(),
      );
      const origin = new URL(page.url()).origin;
      await expect(page.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toHaveAttribute(
        'href',
        `${origin}${spec.path}?lang=zh-CN`,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${origin}${spec.path}`,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

      await expectAccessible(page);

      // The switch keeps the route and re-renders the page in the other language.
      const other = new I18n(language === 'en' ? 'zh-CN' : 'en');
      await page
        .getByRole('button', { name: i18n.t('Change language') })
        .first()
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', other.language);
      if (spec.heading) await expect(h1).toHaveText(other.t(spec.heading));
      await expect(main.getByText(other.t(spec.content[0]!)).first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(spec.path);
    },
  );
}

test(
  '?lang= (the hreflang alternates) opens a page in that language',
  ONE_PROJECT.zh,
  async ({ page, language }) => {
    const other = language === 'en' ? 'zh-CN' : 'en';
    await page.goto(`/faq?lang=${other}`);
    const i18n = new I18n(other);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      i18n.t('Frequently asked questions'),
    );
  },
);

test(
  'the canary is dated and any other clause name is the 404',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    await page.goto('/clause/canary');
    await expect(page.getByText(i18n.pattern('Last updated: {updated}'))).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(
      i18n.pattern('As of {date}, Kestrel VPN states:'),
    );
    await page.goto('/clause/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      i18n.t("Sorry, we couldn't find that page."),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  },
);

test(
  'robots.txt, sitemap.xml, the manifest and the icons are served',
  ONE_PROJECT.zh,
  async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toMatch(/Sitemap: https:\/\/.+\/sitemap\.xml/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.ok()).toBe(true);
    const xml = await sitemap.text();
    for (const path of ['/', '/download', '/affiliate', '/faq', '/clause/canary', '/apple-help'])
      expect(xml).toContain(`${path}</loc>`);
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const { icons } = (await manifest.json()) as { icons: { src: string }[] };
    for (const icon of [
      ...icons.map((i) => i.src),
      '/favicon.svg',
      '/apple-touch-icon.png',
      '/og-image.jpg',
    ]) {
      const res = await request.get(icon);
      expect(res.ok(), icon).toBe(true);
      expect(res.headers()['content-type']).toMatch(/^image\//);
    }
  },
);
