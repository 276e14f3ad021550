import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';

/** The JS files the shell needs, so that the test can fail exactly the page's own chunks. */
async function shellScripts(page: Page): Promise<Set<string>> {
  const files = new Set<string>();
  const collect = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) files.add(pathname);
  };
  page.on('request', collect);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The catalogue prefetch starts 1.5 s after load (SPEC §9); let it finish too.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  page.off('request', collect);
  return files;
}

test(
  'a page chunk that fails to load reloads once, then shows the error screen',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    const shell = await shellScripts(page);

    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads++;
    });
    const aborted = new Set<string>();
    await page.route('**/assets/*.js', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (shell.has(pathname)) return route.continue();
      aborted.add(pathname);
      return route.abort('failed');
    });

    // A page no link on the home page points at, so nothing has preloaded its chunk.
    await page.goto('/apple-help');

    await expect(
      page.getByRole('heading', { name: i18n.t('Oops! An error occurred') }),
    ).toBeVisible();
    await expect(
      page.getByText(i18n.t('Try refreshing the page or contact support.')),
    ).toBeVisible();
    // The error's own message is for the visitor too, in their language.
    await expect(page.getByText(i18n.error('PAGE_LOAD_FAILED'))).toBeVisible();
    expect(aborted.size).toBeGreaterThan(0);
    // The goto itself, then exactly one automatic reload.
    expect(documentLoads).toBe(2);

    // Once the file is reachable again (the new deployment is live), Reload recovers.
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: i18n.t('Reload') }).click();
    await expect(
      page.getByRole('heading', { name: i18n.t('Oops! An error occurred') }),
    ).toBeHidden();
    await expect(page).toHaveURL(/\/apple-help$/);
    expect(documentLoads).toBe(3);
  },
);

test(
  'a language catalog that fails to load reloads once, then says so in the visitor language',
  ONE_PROJECT.zh,
  async ({ page, i18n }) => {
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads++;
    });
    await page.route('**/assets/messages-*.js', (route) => route.abort('failed'));

    await page.goto('/faq');

    await expect(page.getByRole('heading', { name: i18n.error('PAGE_LOAD_FAILED') })).toBeVisible();
    expect(documentLoads).toBe(2);

    await page.unroute('**/assets/messages-*.js');
    await page
      .getByRole('button', { name: i18n.language === 'en' ? 'Reload' : '重新加载' })
      .click();
    await expect(page.getByRole('heading', { name: i18n.error('PAGE_LOAD_FAILED') })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', i18n.language);
    expect(documentLoads).toBe(3);
  },
);
