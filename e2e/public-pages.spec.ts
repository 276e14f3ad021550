/**
 * Every public page of SPEC §2 in the project's language: its heading and content are there, the
 * head carries its title, description and hreflang alternates, axe finds no WCAG 2.1 A/AA
 * violation, and the language switch re-renders the page without leaving the route.
 */
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import type { ContentPage } from '../contract/content-pages';
import { I18n } from './support/i18n';
import { asPattern, builtInText } from './support/page-texts';
import { ONE_PROJECT, alternateProject } from './support/projects';

interface PublicPage {
  path: string;
  /** The h1, as its English source text; null on the home page (checked by its content). */
  heading: string | null;
  /** Texts that must be on the page (English source), beyond the heading. */
  content: string[];
  /** The tab title's page part; the heading when absent. */
  title?: string;
  /** A content page: its built-in text's headings (or first block) must be on the page too. */
  page?: ContentPage;
}

/** What a page must show in a language: its catalogue texts, or its built-in Markdown's. */
function contentOf(spec: PublicPage, i18n: I18n): string[] {
  if (!spec.page) return spec.content.map((text) => i18n.t(text));
  const text = builtInText(spec.page, i18n.language);
  if (text.sections.length > 0) return text.sections.map((s) => s.title);
  // The canary has no sections: its first statement, a list item without a placeholder.
  return text.intro
    .flatMap((block) => block.split('\n'))
    .filter((line) => !/\{\w+\}/.test(line))
    .slice(0, 1);
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
  // The FAQ's and the clauses' texts are Markdown (src/lib/page-texts), not catalogue messages.
  { path: '/faq', heading: 'Frequently asked questions', content: [], page: 'faq' },
  { path: '/clause/terms', heading: 'Terms of Service', content: [], page: 'terms' },
  { path: '/clause/privacy', heading: 'Privacy Policy', content: [], page: 'privacy' },
  { path: '/clause/canary', heading: 'Warrant canary', content: [], page: 'canary' },
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
      for (const text of contentOf(spec, i18n))
        await expect(main.getByText(text, { exact: true }).first()).toBeVisible();

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
      await expect(
        main.getByText(contentOf(spec, other)[0]!, { exact: true }).first(),
      ).toBeVisible();
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
      asPattern(builtInText('canary', i18n.language).intro[0]!),
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
